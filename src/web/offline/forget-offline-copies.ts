import { RUNTIME_CACHES } from "../../domain/offline-contract";

/**
 * Deletes the pages and API answers the service worker kept for offline use: after signing out, this
 * browser must show no thought, connected or not. The precached app files hold no thought and stay.
 */
export async function forgetOfflineCopies(): Promise<void> {
  if (typeof caches === "undefined") return;
  await Promise.all(RUNTIME_CACHES.map((name) => caches.delete(name)));
}
