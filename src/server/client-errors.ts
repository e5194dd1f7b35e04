import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import type { ErrorBody } from "../domain/contract";
import { messages } from "../domain/messages";

/** How long a connection answered with an error may take to close its side before it is cut off. */
const CLOSE_GRACE_MS = 1_000;

/** The answer to a connection Node gave up on before any route saw it, in the API's error shape. */
function answerFor(error: NodeJS.ErrnoException): { status: number; body: ErrorBody } {
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    return { status: 408, body: { error: { code: "request_timeout", message: messages.requestTimeout } } };
  }
  if (error.code === "HPE_HEADER_OVERFLOW") {
    const message = "Os cabeçalhos da requisição são grandes demais.";
    return { status: 431, body: { error: { code: "bad_request", message } } };
  }
  return { status: 400, body: { error: { code: "bad_request", message: "Requisição inválida." } } };
}

/**
 * Node's own failures of a connection (a request that did not arrive within REQUEST_TIMEOUT_MS, headers
 * too large, bytes that are not HTTP): answered as Fastify would, but with our `{error:{code,message}}`
 * body, then the connection is closed. Nothing is written when an answer already began on the socket (a
 * 409 sent before the body finished arriving), as Node itself does.
 *
 * The answer goes out with a FIN and the socket is destroyed a little later: destroyed at once while the
 * client is still sending (a body trickling in), the bytes arriving after the close make the kernel reset
 * the connection, and a reset can reach the client before it has read the answer.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: NodeJS.ErrnoException,
  socket: Socket,
): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  // Node's record of the answer in progress on this socket; not in its types.
  const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  this.log.debug({ err: error }, "client error");
  if (!socket.writable || answering?.headersSent) {
    socket.destroy(error);
    return;
  }
  const { status, body } = answerFor(error);
  const text = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(text)}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${text}`,
  );
  // Whatever the client keeps sending is read and dropped until then; a client that never closes its side
  // is cut off when the grace ends.
  socket.resume();
  setTimeout(() => socket.destroy(), CLOSE_GRACE_MS).unref();
}
