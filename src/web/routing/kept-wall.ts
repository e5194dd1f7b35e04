import { valueStore } from "./value-store";

/** What the wall on screen shows: how many cards, and since when its oldest page is known (ms). */
export interface KeptWall {
  shown: number;
  at: number | undefined;
}

/**
 * Set by the wall while it is on screen, read by the offline notice so it says what it shows ('mostrando
 * 18 pensamentos guardados em 3 de mar.'): undefined off the wall, null when the wall has nothing to show
 * (its first page is kept nowhere). One per page, like the pending update.
 */
export const keptWall = valueStore<KeptWall | null>();
