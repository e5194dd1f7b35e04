import { useDeferredValue, useMemo } from "react";
import type { WallPages } from "../api/use-thought-list";

/** What the wall reads of its list query to draw or to decide, under the query's own names. */
export interface DrawnList {
  data: WallPages | undefined;
  /** The last view's answer stands in while this view's comes (keepPreviousData). */
  isPlaceholderData: boolean;
  hasNextPage: boolean;
  isFetching: boolean;
}

/**
 * The list as the wall draws it: each answer a render of its own, at a transition's priority. TanStack Query
 * hands an answer over as an urgent update (useSyncExternalStore), and drawing a page of cards in it was one
 * long task (30–40 ms at 4x CPU: the search's answer while the next letter is typed) that a key pressed just
 * then waited behind; deferred, React draws the cards in slices between the keys. Everything the wall reads of
 * the query to draw or to decide (the cards, whether they stand in for another view's, whether more pages are
 * coming and one is on its way) moves together: the kept extent (keep-extent.ts) read a deferred count beside a
 * fresh `isFetching`, took the page it had just asked for as never coming, and stopped.
 */
export function useDrawnList({ data, isPlaceholderData, hasNextPage, isFetching }: DrawnList): DrawnList {
  const now = useMemo(
    () => ({ data, isPlaceholderData, hasNextPage, isFetching }),
    [data, isPlaceholderData, hasNextPage, isFetching],
  );
  return useDeferredValue(now);
}
