import { apiPaths } from "../domain/contract";

const thoughtPath = new RegExp(`^${apiPaths.thoughts}/\\d+$`);

/**
 * The API reads the wall needs to show itself offline: the list (any page, search or filter), one thought,
 * the day's thought, the day's review (kept when first opened: its cards can be answered offline, the
 * answers waiting on the device) and the session (whose answer tells the app it may show the wall). Not the random
 * draw, the images, the trash nor the export: those make no sense from a stale copy.
 */
export function isCachedRead(pathname: string, method: string): boolean {
  if (method !== "GET") return false;
  return (
    pathname === apiPaths.thoughts ||
    pathname === apiPaths.dayThought ||
    pathname === apiPaths.review ||
    pathname === apiPaths.session ||
    thoughtPath.test(pathname)
  );
}

/**
 * Reads that are not kept but still tell, by a 401, that the session ended: the random draw and the
 * trash. (Images and exports are downloads the worker leaves alone.)
 */
export function tellsSessionState(pathname: string): boolean {
  return pathname === apiPaths.randomThought || pathname === apiPaths.trash;
}
