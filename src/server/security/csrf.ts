import { randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../errors";

export const CSRF_COOKIE = "XSRF-TOKEN";
export const CSRF_HEADER = "x-xsrf-token";
const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function sameToken(cookie: string, header: string): boolean {
  const a = Buffer.from(cookie);
  const b = Buffer.from(header);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Double-submit anti-forgery: the server hands out a random XSRF-TOKEN cookie (readable by our script,
 * SameSite=Strict), and every write must echo it in X-XSRF-TOKEN, which another site cannot read or set.
 */
export function registerCsrf(app: FastifyInstance): void {
  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    const cookie = request.cookies[CSRF_COOKIE];
    if (UNSAFE.has(request.method)) {
      const header = request.headers[CSRF_HEADER];
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
