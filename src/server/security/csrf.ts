import { randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { CSRF_COOKIE, CSRF_HEADER, isWriteMethod } from "../../domain/contract";
import { ApiError } from "../errors";

const headerName = CSRF_HEADER.toLowerCase();

function sameToken(cookie: string, header: string): boolean {
  const a = Buffer.from(cookie);
  const b = Buffer.from(header);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Double-submit anti-forgery: the server hands out a random token cookie (readable by our script,
 * SameSite=Strict), and every write must echo it in a header, which another site cannot read or set.
 */
export function registerCsrfCheck(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    if (!isWriteMethod(request.method)) return;
    const cookie = request.cookies[CSRF_COOKIE];
    const header = request.headers[headerName];
    if (!cookie || typeof header !== "string" || !sameToken(cookie, header)) {
      throw new ApiError("forbidden", "Token anti-falsificação ausente ou inválido. Recarregue a página.");
    }
  });
}

/**
 * Hands out the token to a browser that has none. Only pages and API reads call it: the script that writes
 * runs in a page, or fetches the health check first; a static file never needs one.
 */
export function issueCsrfCookie(request: FastifyRequest, reply: FastifyReply, secure: boolean): void {
  if (request.cookies[CSRF_COOKIE]) return;
  reply.setCookie(CSRF_COOKIE, randomBytes(32).toString("base64url"), {
    path: "/",
    sameSite: "strict",
    httpOnly: false,
    secure,
  });
}
