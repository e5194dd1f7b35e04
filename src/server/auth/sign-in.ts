import type { FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../errors";
import type { AuthOptions } from "./access";
import { verifyPassword } from "./password-hash";
import {
  clearSessionCookie,
  newSessionToken,
  requestTokenHash,
  SESSION_LIFETIME_MS,
  setSessionCookie,
} from "./session-cookie";

/** Tries per client and window: enough for typos, far too few to guess (7,200 a day at most). */
export const SIGN_IN_ATTEMPTS = 5;
export const SIGN_IN_WINDOW_MS = 60_000;

const wrongPassword = () => new ApiError("unauthorized", "Senha incorreta.");

/** Signing in and out. The client is its address (X-Forwarded-For's, with TRUST_PROXY). */
export function createSignIn({ repository, clock, secureCookies }: AuthOptions) {
  async function signIn(request: FastifyRequest, reply: FastifyReply, password: string): Promise<void> {
    const passwordHash = await repository.passwordHash();
    if (passwordHash === undefined) throw new ApiError("bad_request", "Nenhuma senha foi definida.");
    const now = clock();
    // Counted before the check, in one statement: parallel guesses cannot all slip under the limit.
    const { attempts, windowEndsAt } = await repository.countSignInAttempt(
      request.ip,
      now,
      SIGN_IN_WINDOW_MS,
    );
    if (attempts > SIGN_IN_ATTEMPTS) {
      const seconds = Math.max(1, Math.ceil((windowEndsAt - now) / 1000));
      reply.header("Retry-After", String(seconds));
      throw new ApiError("rate_limited", `Muitas tentativas. Tente de novo em ${seconds} s.`);
    }
    if (!(await verifyPassword(password, passwordHash))) {
      request.log.warn({ client: request.ip, attempts }, "entrada recusada: senha incorreta");
      throw wrongPassword();
    }
    await repository.forgetSignInAttempts(request.ip);
    const previous = requestTokenHash(request);
    if (previous) await repository.endSession(previous);
    const session = newSessionToken();
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
