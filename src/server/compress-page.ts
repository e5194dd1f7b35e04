import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * A rendered page compressed as the browser accepts (brotli, else gzip, else as it is). Pages are a few
 * kilobytes: compressing one takes well under a millisecond at these levels and saves a round trip on a
 * slow connection. Files are compressed ahead by the build; API answers are left as they are.
 */
export function sendCompressed(request: FastifyRequest, reply: FastifyReply, html: string): FastifyReply {
  const accepted = acceptedEncodings(request.headers["accept-encoding"]);
  if (accepted.has("br")) {
    const body = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header("Content-Encoding", "br").send(body);
  }
  if (accepted.has("gzip"))
    return reply.header("Content-Encoding", "gzip").send(gzipSync(html, { level: 6 }));
  return reply.send(html);
}

/** The codings named in Accept-Encoding without `q=0`. */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const refused = params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
    if (name && !refused) accepted.add(name.trim());
  }
  return accepted;
}
