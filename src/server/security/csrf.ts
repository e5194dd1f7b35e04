import { randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
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
export function registerCsrf(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    const cookie = request.cookies[CSRF_COOKIE];
    if (isWriteMethod(request.method)) {
      const header = request.headers[headerName];
      if (!cookie || typeof header !== "string" || !sameToken(cookie, header)) {
        throw new ApiError("forbidden", "Token anti-falsificação ausente ou inválido. Recarregue a página.");
      }
      return;
    }
    if (!cookie) {
      reply.setCookie(CSRF_COOKIE, randomBytes(32).toString("base64url"), {
        path: "/",
        sameSite: "strict",
        httpOnly: false,
      });
    }
  });
}
