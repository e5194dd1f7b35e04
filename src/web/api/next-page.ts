import type { InvalidateQueryFilters, Query, QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * A list whose next page is on its way ('Carregar mais'): a change made meanwhile must not cancel it, as
 * TanStack's cancel and its invalidation's refetch would, leaving the reader's press without its page.
 */
export function fetchingMore(query: Query): boolean {
  return query.state.fetchStatus === "fetching" && query.state.fetchMeta?.fetchMore !== undefined;
}

/** The lists under `queryKey` whose next page is on its way. */
export function listsFetchingMore(client: QueryClient, queryKey: QueryKey): Query[] {
  return client.getQueryCache().findAll({ queryKey, fetchStatus: "fetching" }).filter(fetchingMore);
}

/**
 * Runs `then` once the list's next page has landed or failed. The page lands with the list's other pages
 * as they were when it left, so what changed them meanwhile is done again then.
 */
export function afterNextPage(client: QueryClient, query: Query, then: () => void): void {
  if (!fetchingMore(query)) {
    then();
    return;
  }
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.query !== query || event.type !== "updated") return;
    if (event.action.type !== "success" && event.action.type !== "error") return;
    unsubscribe();
    then();
  });
}

/** Reads the list again from the server; one whose next page is on its way, once that page has landed. */
function readAgainOnceLanded(client: QueryClient, query: Query): void {
  afterNextPage(client, query, () => {
    void client.invalidateQueries({ queryKey: query.queryKey, exact: true });
  });
}

/**
 * TanStack's invalidateQueries, but a list whose next page is on its way is read again only once that page
 * has landed: invalidating it now would cancel the page and read the first one alone.
 */
export function invalidateKeepingNextPages(
  client: QueryClient,
  filters: InvalidateQueryFilters,
): Promise<void> {
  const paging = client.getQueryCache().findAll(filters).filter(fetchingMore);
  for (const query of paging) readAgainOnceLanded(client, query);
  return client.invalidateQueries({
    ...filters,
    predicate: (query) => !paging.includes(query) && (filters.predicate?.(query) ?? true),
  });
}
