import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { DEVICE_COOKIE } from "../../domain/contract";

/** Browsers keep a cookie at most about 400 days (Chrome's cap); each sign-in sets it again. */
export const DEVICE_LIFETIME_MS = 400 * 24 * 60 * 60 * 1000;
const ID_BYTES = 16;

/**
 * The signature of a device id. Its key is the stored password hash: secret as long as the database is
 * (its scrypt output is known to no one without a copy of the database), the same on every instance, and it
 * changes when the password is changed or removed, so every device cookie signed before stops counting.
 * A copy of the database could forge one; that gives a lane of its own to guess from, never a session.
 */
function signature(id: string, passwordHash: string): Buffer {
  return createHmac("sha256", passwordHash).update(`aparelho:${id}`).digest();
}

/** The device the request's cookie names, if its signature holds under today's password. */
export function requestDevice(request: FastifyRequest, passwordHash: string): string | undefined {
  const [id, signed, ...rest] = (request.cookies[DEVICE_COOKIE] ?? "").split(".");
  if (!id || !signed || rest.length > 0) return undefined;
  const expected = signature(id, passwordHash);
  const given = Buffer.from(signed, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
}

export function newDeviceId(): string {
  return randomBytes(ID_BYTES).toString("base64url");
}

/** HttpOnly and SameSite=Strict as the session cookie; Secure behind a TLS proxy. */
export function setDeviceCookie(
  reply: FastifyReply,
  id: string,
  passwordHash: string,
  secure: boolean,
): void {
  const value = `${id}.${signature(id, passwordHash).toString("base64url")}`;
  reply.setCookie(DEVICE_COOKIE, value, {
    path: "/",
    httpOnly: true,
    sameSite: "strict",
    secure,
    maxAge: DEVICE_LIFETIME_MS / 1000,
  });
}
