import { errorMessage, isOfflineError } from "../api/client";

interface LoadFailureTexts {
  /** What the screen says when the browser had no connection and nothing of it was kept on the device. */
  offline: string;
  /** What did not happen, said before the reason of any other failure. */
  failed: string;
}

/**
 * Why a screen could not show what it reads: offline, that it needs the connection (the service worker
 * keeps the wall's reads, not every screen's); otherwise what failed and the server's or client's reason.
 */
export function loadFailureMessage(error: unknown, texts: LoadFailureTexts): string {
  return isOfflineError(error) ? texts.offline : `${texts.failed} ${errorMessage(error)}`;
}
