/// <reference lib="webworker" />
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { NetworkFirst, NetworkOnly } from "workbox-strategies";
import { API_CACHE, CLAIM_PAGE, KEEP_VISIT, PAGES_CACHE, SKIP_WAITING } from "../domain/offline-contract";
import { isCachedRead, tellsSessionState } from "./cached-reads";
import { forgetOnSessionEnd } from "./forget-on-session-end";
import { keepFirstVisit } from "./keep-first-visit";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

/** Past this, a slow network loses to the copy in the cache; a fast one always wins. */
const NETWORK_TIMEOUT_SECONDS = 3;
const SHELL = "index.html";

/**
 * Pages are network-first, never cache-first: the server renders the wall into the HTML, and an online
 * user must see today's wall. Offline (or past the timeout) the last copy of that same address answers,
 * else the app's shell, which then reads what it can from the API cache.
 */
const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 50, maxAgeSeconds: 30 * 24 * 60 * 60 }),
  ],
});
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await pages.handle(options);
      } catch {
        return (await matchPrecache(SHELL)) ?? Response.error();
      }
    },
    // The API's own pages (its documentation) are not the app.
    { denylist: [/^\/api(\/|$)/] },
  ),
);

/**
 * The wall's reads, so that a reload without a connection shows the thoughts last seen. Only GETs: a write
 * is never stored nor queued, so it can neither be lost silently nor sent twice.
 */
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && isCachedRead(url.pathname, request.method),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [
      // First: the caches are emptied before the answer of a session that ended could be kept.
      forgetOnSessionEnd(self.caches),
      new CacheableResponsePlugin({ statuses: [200, 204] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60 }),
    ],
  }),
  "GET",
);

/** The other reads of thoughts go to the network alone, watched for a 401 all the same. */
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && request.mode !== "navigate" && tellsSessionState(url.pathname),
  new NetworkOnly({ plugins: [forgetOnSessionEnd(self.caches)] }),
  "GET",
);

// The built files, by their revision. An empty directoryIndex keeps "/" out of the precache, whose answers
// are cache-first: "/" is a page and goes to the network like every other.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: "" });
cleanupOutdatedCaches();

// A new version waits until the user accepts it ('Recarregar'), so a page never runs half old, half new.
self.addEventListener("message", (event) => {
  if (event.data?.type === SKIP_WAITING) void self.skipWaiting();
  // Sent only to the active worker, by a page it does not control yet (worker-registration.ts).
  if (event.data?.type === CLAIM_PAGE) event.waitUntil(self.clients.claim());
  // Sent by every page once a worker is active: a first visit's page was loaded before any worker.
  if (event.data?.type === KEEP_VISIT) event.waitUntil(keepOpenPages());
});

// The first install takes the open page at once, so what it reads from then on is kept for offline use.
self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

/** What the open pages showed before a worker could keep it (the wall's first page, rendered into them). */
async function keepOpenPages(): Promise<void> {
  const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  await keepFirstVisit({
    caches: self.caches,
    fetch: (input, init) => fetch(input, init),
    origin: self.location.origin,
    pages: open.map((client) => client.url),
  });
}
