import type { QueryClient } from "@tanstack/react-query";
import { FIRST_PAGE_EVENT_ATTRIBUTE, FIRST_PAGE_STATE_ID, type Session } from "../../domain/contract";
import { needsSignIn, sessionKeys } from "../api/session";
import { refreshEverything } from "../api/thought-cache";
import { applyEvent } from "./apply-event";
import type { StreamState } from "./live-stream";
import { type SharedStreamOptions, shareStream } from "./shared-stream";

/**
 * A drop shorter than this is not shown: a server restart or a phone changing networks comes back before
 * the menu would say 'Reconectando…'.
 */
export const QUIET_DROP_MS = 3000;

/** The event id the server-rendered page's data stands at, when the page came rendered with one. */
export function pageEventId(doc: Document = document): string | undefined {
  const value = doc.getElementById(FIRST_PAGE_STATE_ID)?.getAttribute(FIRST_PAGE_EVENT_ATTRIBUTE);
  return value && /^\d+$/.test(value) ? value : undefined;
}

/** A tab hidden at least this long fetches what it shows again when it comes back (a backstop). */
export const AWAY_MS = 5000;

/**
 * The live updates of this tab, started once the page has settled (by LiveState, which layout/LiveStatus.tsx
 * draws then, so the wall's first visit carries none of it): the browser's one stream, shared by its tabs, applied
 * to this tab's cache; not while a password is asked for; and, as a backstop for anything missed, the
 * screen's data fetched again when the tab comes back after a while or while the stream is down.
 * `show` hears the state to show in the menu. Returns the function that stops it all.
 */
export function startLive(
  client: QueryClient,
  show: (state: StreamState | undefined) => void,
  options: Partial<SharedStreamOptions> = {},
): () => void {
  if (typeof EventSource !== "function" && !options.open) return () => {};
  const signedOut = () => needsSignIn(client.getQueryData<Session>(sessionKeys.all));
  let current: StreamState | undefined;
  let quietDrop: ReturnType<typeof setTimeout> | undefined;

  const shared = shareStream({
    wanted: !signedOut(),
    startAfter: pageEventId(),
    ...options,
    onMessage: (message) => applyEvent(client, message),
    onGap: () => void refreshEverything(client),
    onState: (state) => {
      current = state;
      clearTimeout(quietDrop);
      if (state === "reconnecting") quietDrop = setTimeout(() => show(state), QUIET_DROP_MS);
      else show(state);
    },
  });

  // Signed out (here or, as a 401 says, elsewhere): the stream closes; signed in again, it opens.
  const unsubscribe = client.getQueryCache().subscribe(({ query }) => {
    if (query.queryKey[0] === sessionKeys.all[0]) shared.setWanted(!signedOut());
  });

  let hiddenAt = document.hidden ? Date.now() : undefined;
  const onVisibility = () => {
    if (document.hidden) {
      hiddenAt = Date.now();
      return;
    }
    const away = hiddenAt === undefined ? 0 : Date.now() - hiddenAt;
    hiddenAt = undefined;
    if ((away >= AWAY_MS || current !== "open") && !signedOut()) void refreshEverything(client);
  };
  document.addEventListener("visibilitychange", onVisibility);

  return () => {
    clearTimeout(quietDrop);
    unsubscribe();
    document.removeEventListener("visibilitychange", onVisibility);
    shared.stop();
  };
}
