import { type InfiniteData, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import type { Thought } from "../../domain/contract";
import { PAGE_SIZE } from "../../domain/rules";
import type { ThoughtPage } from "../../domain/thought-list";
import { fetchThoughtPage, type ListFilters, thoughtKeys } from "./thoughts";

/** One loaded page of the wall, remembering the search it answers so marks match the cards shown. */
export interface WallPageData extends ThoughtPage {
  search?: string;
  /** When the server answered it (ms), if it said: an offline copy's is the day it was kept. */
  at?: number;
}

export type WallPages = InfiniteData<WallPageData>;

/** The thought of this id among a view's loaded pages, if they hold it. */
export function thoughtInPages(pages: readonly ThoughtPage[], id: number): Thought | undefined {
  for (const page of pages) {
    const found = page.items.find((thought) => thought.id === id);
    if (found) return found;
  }
  return undefined;
}

/**
 * Where the next page starts, or undefined once everything is shown: in the wall's own order a cursor (the
 * last id shown), which never skips nor repeats a thought when others are added, deleted or un-favorited
 * meanwhile, as an offset would; in another order (`byOffset`), which the API pages only by offset, how many
 * are shown (a card that left a favorites list left the count too). X-Total-Count tells us up front, so
 * 'Carregar mais' never costs an extra click that comes back empty; an empty page also ends the list.
 */
export function nextPageParam(pages: readonly ThoughtPage[], byOffset = false): number | undefined {
  const last = pages.at(-1);
  const shown = pages.reduce((count, page) => count + page.items.length, 0);
  if (!last || shown >= last.total || last.items.length === 0) return undefined;
  return byOffset ? shown : last.items.at(-1)?.id;
}

/**
 * How long the pages of a view the wall no longer shows stay in the cache (TanStack's default is 5
 * minutes): Back, Forward and the way back from a form show the pages loaded before, and the scroll
 * position among them, even after a long edit. Each view's pages are a few kilobytes.
 */
const KEEP_UNSHOWN_VIEW_MS = 60 * 60_000;

/**
 * The wall's pages for one mode, search and order. Each filter has its own query key and each request its own
 * AbortSignal: an older, slower answer lands in its own cache entry (or is aborted) and never replaces
 * the newer one. While a new search loads, the previous cards stay on screen instead of flashing empty.
 */
export function useThoughtList(filters: ListFilters) {
  return useInfiniteQuery({
    queryKey: thoughtKeys.list(filters),
    queryFn: async ({ pageParam, signal }): Promise<WallPageData> => ({
      ...(await fetchThoughtPage(filters, pageParam, PAGE_SIZE, signal)),
      search: filters.search,
    }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (_last, pages) => nextPageParam(pages, filters.order !== undefined),
    placeholderData: keepPreviousData,
    gcTime: KEEP_UNSHOWN_VIEW_MS,
  });
}
