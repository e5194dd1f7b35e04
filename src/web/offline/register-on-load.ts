import { whenLoadedAndIdle } from "../routing/idle";
import { pendingUpdate } from "./pending-update";
import { startWorker } from "./worker-registration";

/**
 * Registers the service worker once the page has loaded and the browser is idle, so neither the worker's
 * download nor its precaching competes with the first paint. The code that does it is a few hundred bytes,
 * part of the page's script: a chunk of its own cost a request and more bytes than it saved. The
 * development server builds no worker, so only a production build registers one.
 */
export function registerOfflineWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  whenLoadedAndIdle(() => startWorker(pendingUpdate.set));
}

// Imported for this effect by main.tsx, in one line.
registerOfflineWorker();
