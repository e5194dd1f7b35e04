import type { QueryClient } from "@tanstack/react-query";
import { LIMIT_MAX, PAGE_SIZE } from "../../domain/rules";
import { fetchThoughtPage, type ListFilters, thoughtKeys } from "./thoughts";
import { nextPageParam, thoughtInPages, type WallPageData, type WallPages } from "./use-thought-list";

/** How far down a view this reaches, as 'Carregar mais' pressed for the user: about a hundred presses. */
const REACH = 600;

/**
 * Loads a view's pages down to a thought (in the query cache, where the wall reads them), as far as
 * 'Carregar mais' would have: a thought edited out of the view the user was in is shown on the whole wall
 * at its place, whose pages may not reach it yet. Asks for up to LIMIT_MAX thoughts at a time and cuts them
 * into the wall's own pages of PAGE_SIZE, so that a later refetch of the view asks for the same pages.
 * Does nothing when the view is not cached (the wall fetches its first page, where a new thought is) or
 * when the thought is not in it (newest first: once the pages pass below its id it is not there), and
 * stops after REACH thoughts. Returns whether the view's pages now hold the thought.
 */
export async function loadListThrough(
  client: QueryClient,
  filters: ListFilters,
  id: number,
): Promise<boolean> {
  const key = thoughtKeys.list(filters);
  let data = client.getQueryData<WallPages>(key);
  let loaded = 0;
  while (data && !thoughtInPages(data.pages, id)) {
    const after = nextPageParam(data.pages);
    if (after === undefined || after < id || loaded >= REACH) return false;
    const { items, total } = await fetchThoughtPage(filters, after, LIMIT_MAX);
    if (items.length === 0) return false;
    loaded += items.length;
    const pages: WallPageData[] = [];
    const params: (number | undefined)[] = [];
    for (let start = 0; start < items.length; start += PAGE_SIZE) {
      const slice = items.slice(start, start + PAGE_SIZE);
      pages.push({ items: slice, total, search: filters.search });
      params.push(start === 0 ? after : items[start - 1]?.id);
      // No pages past the thought's: the wall shows no more cards than 'Carregar mais' would have.
      if (slice.some((item) => item.id === id)) break;
    }
    data = { pages: [...data.pages, ...pages], pageParams: [...data.pageParams, ...params] };
    client.setQueryData<WallPages>(key, data);
  }
  return data !== undefined;
}
