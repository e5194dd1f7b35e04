import type { FastifyReply, FastifyRequest } from "fastify";
import { ETAG_HEADER, IF_MATCH_MALFORMED_CODE, type Thought, versionTag } from "../../domain/contract";
import { messages } from "../../domain/messages";
import type { ExpectedVersions } from "../db";
import { ApiError } from "../errors";

/** One strong entity tag of ours: a quoted version number. */
const TAG = /^"(\d{1,15})"$/;

/**
 * The versions a write's `If-Match` accepts (issue 42): undefined when there is none or it is `*` (the
 * last write wins, as for the original app and json-server's users); a 400 when it is neither `*` nor a
 * comma list of quoted version numbers (a weak tag, W/"3", is refused too: If-Match compares strongly).
 */
export function expectedVersions(request: FastifyRequest): ExpectedVersions {
  const raw = request.headers["if-match"];
  if (raw === undefined) return undefined;
  const header = Array.isArray(raw) ? raw.join(",") : raw;
  if (header.trim() === "*") return undefined;
  const versions: number[] = [];
  for (const part of header.split(",")) {
    const match = TAG.exec(part.trim());
    if (!match) throw new ApiError(IF_MATCH_MALFORMED_CODE, messages.ifMatchMalformed);
    versions.push(Number(match[1]));
  }
  return versions;
}

/** A single thought's answer names its version: `ETag: "3"`. */
export function tagged<T extends Pick<Thought, "versao">>(reply: FastifyReply, thought: T): T {
  reply.header(ETAG_HEADER, versionTag(thought.versao));
  return thought;
}
