import type { FastifyReply, FastifyRequest } from "fastify";
import { SESSION_COOKIE } from "../../domain/contract";
import type { AuthRepository, Access as StoredAccess } from "../db/auth.repository";
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
}

export interface SessionState {
  passwordSet: boolean;
  /** The request carries a live session; never true without a password (removing it ends them all). */
  signedIn: boolean;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route reads the request's access in its own query and calls `admit` (the guard skips it). */
    readsAccessWithData?: boolean;
  }
}

/**
 * Who may see the thoughts: anyone while no password is set, else only a browser with a live session.
 * A session in use is renewed once a day, so it lasts 30 days after its last use.
 */
export function createAccess(options: AuthOptions) {
  const { repository, clock, secureCookies } = options;

  /** What the request may do, from what the database says of its token (and renews a session in use). */
  async function judge(
    request: FastifyRequest,
    reply: FastifyReply,
    stored: StoredAccess,
  ): Promise<SessionState> {
    const hash = requestTokenHash(request);
    const { passwordSet, sessionExpiresAt } = stored;
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

  async function state(request: FastifyRequest, reply: FastifyReply): Promise<SessionState> {
    return judge(request, reply, await repository.access(requestTokenHash(request)));
  }

  /**
   * Lets the request through, or throws the 401 (or 503) it gets. `stored` is what a route read itself
   * along with its data (the wall's list does, to make one query instead of two); the data is dropped
   * unsent when the request is refused.
   */
  async function admit(request: FastifyRequest, reply: FastifyReply, stored?: StoredAccess): Promise<void> {
    const { passwordSet, signedIn } = stored
      ? await judge(request, reply, stored)
      : await state(request, reply);
    if (signedIn) return;
    if (passwordSet) throw new ApiError("unauthorized", "Entre com a senha para continuar.");
    if (options.passwordRequired) {
      throw new ApiError(
        "unavailable",
        "A Memoteca está aberta à rede sem senha. Defina uma com npm run password no servidor.",
      );
    }
  }

  /**
   * An onRequest hook for every route that shows or changes thoughts, except a route that declares
   * `config: { readsAccessWithData: true }`: that one calls `admit` itself with what it read.
   */
  async function guard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (request.routeOptions.config.readsAccessWithData) return;
    await admit(request, reply);
  }

  return { state, admit, guard };
}

export type Access = ReturnType<typeof createAccess>;
