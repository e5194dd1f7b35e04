import type { FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../errors";
import type { AuthOptions } from "./access";
import { createTurns, failureDelay, SIGN_IN_ATTEMPTS, SIGN_IN_WINDOW_MS } from "./guess-brake";
import { hashPassword, needsRehash, verifyPassword } from "./password-hash";
import {
  clearSessionCookie,
  newSessionToken,
  requestTokenHash,
  SESSION_LIFETIME_MS,
  setSessionCookie,
} from "./session-cookie";

const wrongPassword = () => new ApiError("unauthorized", "Senha incorreta.");

const realWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Signing in and out. The client is its address: the socket's, or with TRUST_PROXY the one the trusted
 * proxies saw (never an address the client wrote itself).
 */
export function createSignIn({ repository, clock, secureCookies, wait = realWait, hashCost }: AuthOptions) {
  const inTurn = createTurns();

  /** Checks the password once the client's earlier failures have been waited out; throws when wrong. */
  async function check(request: FastifyRequest, reply: FastifyReply, password: string): Promise<string> {
    const client = request.ip;
    const earlier = await repository.signInFailures(client, clock());
    await wait(failureDelay(earlier?.attempts ?? 0));
    // Read after the wait: the password may have changed meanwhile.
    const passwordHash = await repository.passwordHash();
    if (passwordHash === undefined) throw new ApiError("bad_request", "Nenhuma senha foi definida.");
    if (await verifyPassword(password, passwordHash)) return passwordHash;
    const now = clock();
    const { attempts } = await repository.countSignInAttempt(client, now, SIGN_IN_WINDOW_MS);
    request.log.warn({ client, attempts }, "entrada recusada: senha incorreta");
    if (attempts > SIGN_IN_ATTEMPTS) {
      // The next try of this address waits this long on the server anyway.
      const seconds = Math.max(1, Math.ceil(failureDelay(attempts) / 1000));
      reply.header("Retry-After", String(seconds));
      throw new ApiError("rate_limited", `Muitas tentativas. Tente de novo em ${seconds} s.`);
    }
    throw wrongPassword();
  }

  /** A hash made at a lower cost than today's is replaced, now that the password is at hand. */
  async function upToDate(password: string, passwordHash: string): Promise<string> {
    if (!needsRehash(passwordHash, hashCost)) return passwordHash;
    const stronger = await hashPassword(password, hashCost);
    return (await repository.replacePasswordHash(passwordHash, stronger)) ? stronger : passwordHash;
  }

  async function signIn(request: FastifyRequest, reply: FastifyReply, password: string): Promise<void> {
    const checked = await inTurn(request.ip, () => check(request, reply, password));
    await repository.forgetSignInAttempts(request.ip);
    const passwordHash = await upToDate(password, checked);
    const previous = requestTokenHash(request);
    if (previous) await repository.endSession(previous);
    const session = newSessionToken();
    const now = clock();
    const opened = await repository.createSession({
      tokenHash: session.hash,
      passwordHash,
      now,
      expiresAt: now + SESSION_LIFETIME_MS,
    });
    // The password changed while this one was being checked.
    if (!opened) throw wrongPassword();
    request.log.info({ client: request.ip }, "sessão aberta");
    setSessionCookie(reply, session.token, secureCookies);
  }

  async function signOut(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const hash = requestTokenHash(request);
    if (hash) await repository.endSession(hash);
    clearSessionCookie(reply, secureCookies);
  }

  return { signIn, signOut };
}

export type SignIn = ReturnType<typeof createSignIn>;
