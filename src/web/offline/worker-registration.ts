import { CLAIM_PAGE, KEEP_VISIT, SKIP_WAITING } from "../../domain/offline-contract";

/** Where the build writes the worker (vite-plugin-pwa, from src/sw/service-worker.ts). */
const WORKER_URL = "/service-worker.js";

/**
 * Registers the worker and offers a new version as soon as one waits (already waiting at this visit, or
 * installed while the page is open). Accepting it activates the new worker, and the page reloads once the
 * new worker controls it, so old and new code never mix in one page. The platform's own API does all of it
 * in a few lines; workbox-window wrapped the same calls in 5.5 KB that every first visit fetched.
 */
export function startWorker(offerUpdate: (activate: () => void) => void): void {
  const { serviceWorker } = navigator;
  const offer = (waiting: ServiceWorker) =>
    offerUpdate(() => {
      serviceWorker.addEventListener("controllerchange", () => window.location.reload(), { once: true });
      waiting.postMessage({ type: SKIP_WAITING });
    });
  // A browser that refuses workers (a private window, a policy) keeps the app as it is: online only.
  serviceWorker
    .register(WORKER_URL, { scope: "/" })
    .then((registration) => {
      // Only a page some worker already controls has an older version to leave: the very first worker
      // activates at once and waits for nobody.
      const followed = new WeakSet<ServiceWorker>();
      const offerOnceInstalled = (worker: ServiceWorker | null) => {
        if (!worker || followed.has(worker)) return;
        followed.add(worker);
        worker.addEventListener("statechange", () => {
          if (worker.state === "installed" && serviceWorker.controller) offer(worker);
        });
      };
      if (registration.waiting && serviceWorker.controller) offer(registration.waiting);
      // One installing already (found by this very registration, or by another tab), or one found later
      // while the page is open.
      offerOnceInstalled(registration.installing);
      registration.addEventListener("updatefound", () => offerOnceInstalled(registration.installing));
      return serviceWorker.ready;
    })
    .then((registration) => {
      // The first worker takes the pages open when it activates. A page whose navigation began before
      // that and ended after it is not among them, and would stay outside the worker (nothing kept for
      // offline reading) until its next load: it asks to be taken.
      if (!serviceWorker.controller) registration.active?.postMessage({ type: CLAIM_PAGE });
      // What this page showed before any worker could keep it (a first visit): the worker keeps it now.
      registration.active?.postMessage({ type: KEEP_VISIT });
    })
    .catch(() => undefined);
}
