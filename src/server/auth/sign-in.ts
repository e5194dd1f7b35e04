import type { FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../errors";
import type { AuthOptions } from "./access";
import { clientGone, waitUnlessGone } from "./client-gone";
import { newDeviceId, requestDevice, setDeviceCookie } from "./device-cookie";
import { createLanes, failureDelay, type Lane, SIGN_IN_ATTEMPTS, SIGN_IN_WINDOW_MS } from "./guess-brake";
import { HASHES_WAITING, hashPassword, needsRehash, verifyPassword } from "./password-hash";
import {
  clearSessionCookie,
  newSessionToken,
  requestTokenHash,
  SESSION_LIFETIME_MS,
  setSessionCookie,
} from "./session-cookie";
import { GateFullError } from "./work-gate";

const wrongPassword = () => new ApiError("unauthorized", "Senha incorreta.");
const noPassword = () => new ApiError("bad_request", "Nenhuma senha foi definida.");
/** No one reads it: the client has gone. It ends the request without counting a failure. */
const abandoned = () => new ApiError("bad_request", "A tentativa foi abandonada antes de ser conferida.");

function tooManyTries(reply: FastifyReply, seconds: number): ApiError {
  reply.header("Retry-After", String(seconds));
  return new ApiError("rate_limited", `Muitas tentativas. Tente de novo em ${seconds} s.`);
}

/** About how long the hashes waiting ahead take: 1.3 s each on a busy 2-core machine, two at a time. */
const HASH_LINE_SECONDS = Math.ceil((HASHES_WAITING * 1.3) / 2);

/** The sign_in_attempts key of a device's brake; no address starts so (not hex, longer than an IPv6 group). */
const deviceBrake = (id: string) => `aparelho:${id}`;

/**
 * Signing in and out. A guess is braked by its device, when it carries a device cookie signed under today's
 * password, else by its address: the socket's, or with TRUST_PROXY the one the trusted proxies saw (never an
 * address the client wrote itself).
 */
export function createSignIn({
  repository,
  clock,
  secureCookies,
  wait = waitUnlessGone,
  hashCost,
}: AuthOptions) {
  const enter = createLanes();

  /**
   * Checks the password once the brake's earlier failures have been waited out; throws when wrong, or when
   * the client hung up before the check (no hash is computed for it).
   */
  async function check(
    request: FastifyRequest,
    reply: FastifyReply,
    password: string,
    turn: { brake: string; device: boolean; lane: Lane; gone: AbortSignal },
  ): Promise<string> {
    const { brake, device, lane, gone } = turn;
    const earlier = await repository.signInFailures(brake, clock());
    const delay = failureDelay(earlier?.attempts ?? 0);
    lane.waitsUntil(clock() + delay);
    await wait(delay, gone);
    if (gone.aborted) throw abandoned();
    // Read after the wait: the password may have changed meanwhile.
    const passwordHash = await repository.passwordHash();
    if (passwordHash === undefined) throw noPassword();
    const right = await verifyPassword(password, passwordHash, { signal: gone, first: device }).catch(
      (error: unknown) => {
        if (gone.aborted) throw abandoned();
        if (error instanceof GateFullError) throw tooManyTries(reply, HASH_LINE_SECONDS);
        throw error;
      },
    );
    if (right) return passwordHash;
    const { attempts } = await repository.countSignInAttempt(brake, clock(), SIGN_IN_WINDOW_MS);
    request.log.warn({ client: request.ip, device, attempts }, "entrada recusada: senha incorreta");
    // The next try of this brake waits this long on the server anyway.
    if (attempts > SIGN_IN_ATTEMPTS)
      throw tooManyTries(reply, Math.max(1, Math.ceil(failureDelay(attempts) / 1000)));
    throw wrongPassword();
  }

  /** A hash made at a lower cost than today's is replaced, now that the password is at hand. */
  async function upToDate(password: string, passwordHash: string): Promise<string> {
    if (!needsRehash(passwordHash, hashCost)) return passwordHash;
    // Whoever typed the right password goes ahead of the guesses waiting, and is never refused a place.
    const stronger = await hashPassword(password, hashCost, { first: true });
    return (await repository.replacePasswordHash(passwordHash, stronger)) ? stronger : passwordHash;
  }

  /** Checks the password in the brake's one lane; a guess finding it taken is refused at once. */
  async function checkInTurn(request: FastifyRequest, reply: FastifyReply, password: string) {
    const gone = clientGone(reply);
    const current = await repository.passwordHash();
    if (current === undefined) throw noPassword();
    const device = requestDevice(request, current);
    const brake = device ? deviceBrake(device) : request.ip;
    const lane = enter(brake, clock());
    if ("retryAfterSeconds" in lane) throw tooManyTries(reply, lane.retryAfterSeconds);
    try {
      return {
        device,
        brake,
        checked: await check(request, reply, password, { brake, device: device !== undefined, lane, gone }),
      };
    } catch (error) {
      if (gone.aborted) request.log.info({ client: request.ip }, "entrada abandonada antes de ser conferida");
      throw error;
    } finally {
      lane.leave();
    }
  }

  async function signIn(request: FastifyRequest, reply: FastifyReply, password: string): Promise<void> {
    const { device, brake, checked } = await checkInTurn(request, reply, password);
    // Only this brake's failures are forgotten: a device signing in leaves its address's brake on a
    // neighbour who guesses from it.
    await repository.forgetSignInAttempts(brake);
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
    setDeviceCookie(reply, device ?? newDeviceId(), passwordHash, secureCookies);
  }

  /** The device cookie stays: it names the browser, not the session. */
  async function signOut(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const hash = requestTokenHash(request);
    if (hash) await repository.endSession(hash);
    clearSessionCookie(reply, secureCookies);
  }

  return { signIn, signOut };
}

export type SignIn = ReturnType<typeof createSignIn>;
