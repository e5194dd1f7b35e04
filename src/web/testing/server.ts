import { setupServer } from "msw/node";
import { CSRF_COOKIE, type Thought } from "../../domain/contract";
import type { ThoughtPatch } from "../../domain/thought";
import { PENDING_ANSWERS_KEY } from "../api/review-day";
import { ApiControls, type RequestMatch, type SentRequest } from "./api-controls";
import { createHandlers } from "./handlers";
import { resetThoughtIds } from "./make-thought";
import { ReviewFake } from "./review-handlers";
import { SessionStore } from "./session-store";
import { ThoughtStore } from "./thought-store";

const store = new ThoughtStore();
const session = new SessionStore();
const controls = new ApiControls();
const review = new ReviewFake();
const unhandled: string[] = [];

/** The fake API every web test talks to, through the app's own fetch calls. */
export const server = setupServer(...createHandlers(store, session, controls, review));

/** What a test needs from the fake API: its data, and what happens on the network. */
export const fakeApi = {
  /** Puts thoughts on the server, as they are, before the app asks for them. */
  seed: (thoughts: readonly Thought[]) => store.seed(thoughts),
  /** What the server holds now, newest first. */
  thoughts: () => store.all(),
  thought: (id: number) => store.get(id),
  /** Changes a stored thought (one more version), as an edit on another device would. */
  change: (id: number, patch: ThoughtPatch) => store.update(id, patch),
  /** Moves a thought to the trash, as a deletion made elsewhere (another tab) would. */
  trash: (id: number, deletedAt?: Date) => store.remove(id, deletedAt),
  /** The trash, most recently deleted first. */
  trashed: () => store.trashPage(1, Number.MAX_SAFE_INTEGER).items,
  requests: (): SentRequest[] => controls.requests(),
  listRequests: (): URL[] => controls.listRequests(),
  hold: (matches: RequestMatch) => controls.hold(matches),
  failNext: (method: string) => controls.failNext(method),
  /** Sets a password (this browser is then signed out), or drops it with undefined. */
  setPassword: (password: string | undefined) => session.setPassword(password),
  /** This browser already has a session, as after signing in on an earlier visit. */
  signIn: () => session.signIn(),
  /** The session expires on the server, unknown to the app until its next request. */
  expireSession: () => session.signOut(),
  /** Sign-in attempts are refused with a 429 and this Retry-After, as after too many tries. */
  limitSignIns: (retryAfter: number) => session.limitTries(retryAfter),
  session: () => session.state(),
  /** The review's side: its day, settings, answers, discards, memorise marks and history. */
  review,
};

/**
 * Starts the server. A request no handler knows fails its test: MSW rejects it, which the app would
 * only show as a network error, so it is also collected here and reported once the test ends.
 */
export function startFakeApi(): void {
  server.listen({
    onUnhandledRequest(request, print) {
      unhandled.push(`${request.method} ${request.url}`);
      print.error();
    },
  });
}

/**
 * Every test starts from an empty server without a password, a new tab without the anti-forgery cookie,
 * ids from 1.
 */
export function resetFakeApi(): void {
  server.resetHandlers();
  controls.reset();
  store.clear();
  session.clear();
  review.clear();
  // The review's answers waiting on the device (see api/review-answers.ts).
  localStorage.removeItem(PENDING_ANSWERS_KEY);
  resetThoughtIds();
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom's cookie jar is what the app reads the token from.
  document.cookie = `${CSRF_COOKIE}=; Max-Age=0; Path=/`;
  const missed = unhandled.splice(0);
  if (missed.length > 0) throw new Error(`Requests without a handler: ${missed.join(", ")}`);
}
