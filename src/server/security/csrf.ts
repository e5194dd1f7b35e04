import { randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { CSRF_COOKIE, CSRF_HEADER, isApiPath, isWriteMethod } from "../../domain/contract";
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
 * One route is let through, the private inbox (`config.secretInPath`), whose secret is its credential.
 */
export function registerCsrfCheck(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    if (!isWriteMethod(request.method)) return;
    // The private inbox alone: its secret in the path is its credential (inbox.routes.ts).
    if (request.routeOptions.config?.secretInPath === true) return;
    const cookie = request.cookies[CSRF_COOKIE];
    const header = request.headers[headerName];
    if (!cookie || typeof header !== "string" || !sameToken(cookie, header)) {
      throw new ApiError("forbidden", "Token anti-falsificação ausente ou inválido. Recarregue a página.");
    }
  });
}

/**
 * Hands out the token with every answer of the API and every page to a browser that has none, refusals
 * included (this one's 403, a 429): a client that never read anything from us, say a form opened first
 * from another server's copy of the app, gets it with its first answer, and its next write goes through.
 * Built files never carry it, so any cache may share them. Registered before the checks that refuse
 * (but after the Host check: a name we do not answer to gets nothing).
 */
export function registerCsrfCookie(app: FastifyInstance, { secure }: { secure: boolean }): void {
  app.addHook("onRequest", async (request, reply) => {
    if (isApiPath(request.url.split("?")[0] ?? "") || request.is404) issueCsrfCookie(request, reply, secure);
  });
}

/** Sets the token cookie unless the request carries one. */
export function issueCsrfCookie(request: FastifyRequest, reply: FastifyReply, secure: boolean): void {
  if (request.cookies[CSRF_COOKIE]) return;
  reply.setCookie(CSRF_COOKIE, randomBytes(32).toString("base64url"), {
    path: "/",
    sameSite: "strict",
    httpOnly: false,
    secure,
  });
}
