import { createHash, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { SESSION_COOKIE } from "../../domain/contract";

/** A session lasts this long after its last renewal: a browser used once a month stays signed in. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** A session in use is renewed at most once a day: one write a day, not one per request. */
export const SESSION_RENEWAL_MS = 24 * 60 * 60 * 1000;

/** What the database keeps of a token: its SHA-256. A token is 256 random bits, so no salt or slow hash is needed. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

export function newSessionToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: tokenHash(token) };
}

/** The hash of the session token the request carries, or "" (which names no session). */
export function requestTokenHash(request: FastifyRequest): string {
  const token = request.cookies[SESSION_COOKIE];
  return token ? tokenHash(token) : "";
}

/** HttpOnly: no script, ours or injected, reads it. Strict: no other site's link or form carries it. */
export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "strict",
    secure,
    maxAge: SESSION_LIFETIME_MS / 1000,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "strict", secure });
}
