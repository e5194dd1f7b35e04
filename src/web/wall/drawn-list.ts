import { useDeferredValue, useMemo } from "react";
import type { WallPages } from "../api/use-thought-list";

/** What the wall draws from its list query, and what it decides from the same moment of it. */
export interface DrawnList {
  data: WallPages | undefined;
  /** The last view's answer stands in while this view's comes (keepPreviousData). */
  stale: boolean;
  hasMore: boolean;
  fetching: boolean;
}

interface ListQuery {
  data: WallPages | undefined;
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
export function useDrawnList(query: ListQuery): DrawnList {
  const { data, isPlaceholderData: stale, hasNextPage: hasMore, isFetching: fetching } = query;
  const now = useMemo(() => ({ data, stale, hasMore, fetching }), [data, stale, hasMore, fetching]);
  return useDeferredValue(now);
}
