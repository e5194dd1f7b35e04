import { Workbox } from "workbox-window";
import { CLAIM_PAGE } from "./cache-names";

/** Where the build writes the worker (vite-plugin-pwa, from src/sw/service-worker.ts). */
const WORKER_URL = "/service-worker.js";

/**
 * Registers the worker and offers a new version as soon as one waits (already waiting at this visit, or
 * installed while the page is open). Accepting it activates the new worker, and the page reloads once the
 * new worker controls it, so old and new code never mix in one page. The offer is handed in, so that this
 * chunk, loaded after the page, shares no module with the page's own code.
 */
export function startWorker(offerUpdate: (activate: () => void) => void): void {
  const workbox = new Workbox(WORKER_URL, { scope: "/" });
  workbox.addEventListener("waiting", () => {
    offerUpdate(() => {
      navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), {
        once: true,
      });
      workbox.messageSkipWaiting();
    });
  });
  // A browser that refuses workers (a private window, a policy) keeps the app as it is: online only.
  workbox
    .register()
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      // The first worker takes the pages open when it activates. A page whose navigation began before
      // that and ended after it is not among them, and would stay outside the worker (nothing kept for
      // offline reading) until its next load: it asks to be taken.
      if (!navigator.serviceWorker.controller) registration.active?.postMessage({ type: CLAIM_PAGE });
    })
    .catch(() => undefined);
}
