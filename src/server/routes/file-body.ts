import type { Readable } from "node:stream";
import { errorCodes } from "fastify";

/**
 * A request's body as one Buffer, written into as it arrives. Fastify's own reading keeps every chunk and
 * joins them at the end, so a 50 MiB file was held twice for a moment, and its chunks until the garbage
 * collector's next full pass. With a Content-Length (what browsers and curl send for a file) the Buffer is
 * allocated once, at that size; without one the chunks are joined as Fastify does. A body over `limit`, or
 * other than its Content-Length says, is refused with Fastify's own errors (413, 400).
 */
export function readFileBody(
  payload: Readable,
  contentLength: string | undefined,
  limit: number,
): Promise<Buffer> {
  const declared = contentLength === undefined ? undefined : Number(contentLength);
  if (declared !== undefined && declared > limit) {
    payload.resume();
    return Promise.reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
  }
  const known = declared !== undefined && Number.isSafeInteger(declared) && declared >= 0;
  const whole = known ? Buffer.allocUnsafe(declared) : undefined;
  const chunks: Buffer[] = [];
  let received = 0;
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => {
      payload.removeListener("data", onData);
      payload.resume();
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      if (received + chunk.length > limit) return fail(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      if (whole) {
        if (received + chunk.length > whole.length)
          return fail(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
        chunk.copy(whole, received);
      } else {
        chunks.push(chunk);
      }
      received += chunk.length;
    };
    payload.on("data", onData);
    payload.once("error", reject);
    payload.once("end", () => {
      if (whole && received !== whole.length)
        return reject(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
      resolve(whole ?? Buffer.concat(chunks, received));
    });
  });
}
