import type { FastifyReply, FastifyRequest } from "fastify";
import { SESSION_COOKIE } from "../../domain/contract";
import type { AuthRepository } from "../db";
import { ApiError } from "../errors";
import {
  requestTokenHash,
  SESSION_LIFETIME_MS,
  SESSION_RENEWAL_MS,
  setSessionCookie,
} from "./session-cookie";

export interface AuthOptions {
  repository: AuthRepository;
  /** Epoch ms; tests move it to see sessions expire and windows close. */
  clock: () => number;
  /** Secure cookies (sent back over TLS only): a TLS proxy stands in front (TRUST_PROXY). */
  secureCookies: boolean;
  /** Listening beyond loopback without AUTH=none: with no password set, the API serves nothing. */
  passwordRequired: boolean;
  /**
   * How sign-in waits out a brake's earlier failures, ending early once `gone` aborts (tests record the waits
   * instead of sleeping).
   */
  wait?: (ms: number, gone: AbortSignal) => Promise<void>;
  /** The cost of the hashes sign-in writes when it replaces an older one; tests lower it. */
  hashCost?: { log2N: number };
}

export interface SessionState {
  passwordSet: boolean;
  /** The request carries a live session; never true without a password (removing it ends them all). */
  signedIn: boolean;
}

/**
 * Who may see the thoughts: anyone while no password is set, else only a browser with a live session.
 * A session in use is renewed once a day, so it lasts 30 days after its last use.
 */
export function createAccess(options: AuthOptions) {
  const { repository, clock, secureCookies } = options;

  /**
   * What the request may do, from one small query of its session (and renews a session in use). It reads
   * nothing of the wall: the route that is let through reads its own data.
   */
  async function state(request: FastifyRequest, reply: FastifyReply): Promise<SessionState> {
    const hash = requestTokenHash(request);
    const { passwordSet, sessionExpiresAt } = await repository.access(hash);
    const now = clock();
    if (!passwordSet || sessionExpiresAt === undefined || sessionExpiresAt <= now) {
      return { passwordSet, signedIn: false };
    }
    if (sessionExpiresAt - now < SESSION_LIFETIME_MS - SESSION_RENEWAL_MS) {
      await repository.renewSession(hash, now + SESSION_LIFETIME_MS);
      setSessionCookie(reply, request.cookies[SESSION_COOKIE] ?? "", secureCookies);
    }
    return { passwordSet, signedIn: true };
  }

  /**
   * An onRequest hook for every route that shows or changes thoughts: lets the request through, or throws
   * the 401 (or 503) it gets.
   */
  async function guard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const { passwordSet, signedIn } = await state(request, reply);
    if (signedIn) return;
    if (passwordSet) throw new ApiError("unauthorized", "Entre com a senha para continuar.");
    if (options.passwordRequired) {
      throw new ApiError(
        "unavailable",
        "A Memoteca está aberta à rede sem senha. Defina uma com npm run password no servidor.",
      );
    }
  }

  return { state, guard };
}

export type Access = ReturnType<typeof createAccess>;
