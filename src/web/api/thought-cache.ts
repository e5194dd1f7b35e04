import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { Thought } from "../../domain/contract";
import { labelKey } from "../../domain/labels";
import { authorKey, foldText, isIndexedWord, searchWords } from "../../domain/search-text";
import { invalidateKeepingNextPages } from "./next-page";
import { type ListFilters, thoughtKeys } from "./thoughts";
import { trashKeys } from "./trash";
import { nextPageParam, thoughtInPages, type WallPageData, type WallPages } from "./use-thought-list";

/**
 * What the app knows of a thought changed elsewhere (a live event, a 412's `atual`): every cached copy is
 * brought up to date where it stands, so nothing the user looks at moves. Loaded with the live stream's
 * code, after the wall's first paint (or on a favourite's conflict), never with the wall's first visit.
 */

/** Whether `incoming` is at least as new as the copy the cache holds (an older event never undoes a newer one). */
const isNewer = (incoming: Thought, cached: Thought | undefined | null) =>
  !cached || incoming.versao >= cached.versao;

/** Whether a thought belongs in a view of the wall, as the server's list filter reads it. */
export function matchesView(thought: Thought, filters: ListFilters): boolean {
  if (filters.favorites && !thought.favorito) return false;
  if (filters.label !== undefined) {
    const wanted = foldText(labelKey(filters.label));
    if (!thought.etiquetas.some((label) => foldText(labelKey(label)) === wanted)) return false;
  }
  if (filters.author !== undefined && authorKey(thought.autoria) !== authorKey(filters.author)) return false;
  if (filters.search !== undefined) {
    const fields = [thought.conteudo, thought.autoria, thought.fonte, thought.nota].map(foldText);
    const words = searchWords(filters.search);
    const holds = (word: string) =>
      fields.some((field) => field.includes(word)) ||
      (isIndexedWord(word) && thought.etiquetas.some((label) => foldText(label).includes(word)));
    if (!words.every(holds)) return false;
  }
  return true;
}

const withTotal = (pages: WallPageData[], change: number): WallPageData[] =>
  pages.map((page) => ({ ...page, total: Math.max(0, page.total + change) }));

/**
 * One view's pages once `thought` changed or arrived. A card already shown is replaced where it is (or
 * leaves a view it no longer belongs to: a favourites-only list, a label's, an author's, a search). A
 * thought not shown is added only to the wall's own order (newest first), at its place by id, and only
 * within what is loaded: a new thought goes on top; one restored from the trash among the cards around it.
 */
export function listWith(data: WallPages, filters: ListFilters, thought: Thought): WallPages {
  const shown = thoughtInPages(data.pages, thought.id);
  const belongs = matchesView(thought, filters);
  if (shown) {
    if (!isNewer(thought, shown)) return data;
    if (!belongs) return listWithout(data, thought.id);
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items.map((item) => (item.id === thought.id ? thought : item)),
      })),
    };
  }
  if (!belongs || filters.order !== undefined) return data;
  const lastShown = data.pages.at(-1)?.items.at(-1)?.id;
  const everythingLoaded = nextPageParam(data.pages) === undefined;
  if (lastShown !== undefined && thought.id < lastShown && !everythingLoaded) return data;
  // Newest first: before the first card with a smaller id, or at the end of the last page.
  let placed = false;
  const pages = data.pages.map((page, index) => {
    if (placed) return page;
    const at = page.items.findIndex((item) => item.id < thought.id);
    if (at === -1 && index < data.pages.length - 1) return page;
    placed = true;
    const items = [...page.items];
    items.splice(at === -1 ? items.length : at, 0, thought);
    return { ...page, items };
  });
  return { ...data, pages: withTotal(pages, placed ? 1 : 0) };
}

/** One view's pages without the thought of this id (and one less in their count), if they held it. */
export function listWithout(data: WallPages, id: number): WallPages {
  if (!thoughtInPages(data.pages, id)) return data;
  const pages = data.pages.map((page) => ({ ...page, items: page.items.filter((item) => item.id !== id) }));
  return { ...data, pages: withTotal(pages, -1) };
}

/** The thought's copies shown apart from the lists: the day's and the draws. */
function apartKeys(): QueryKey[] {
  return [thoughtKeys.day(), thoughtKeys.randoms()];
}

/** Counts and indexes that a thought's change may move: fetched again when shown, else when next shown. */
function refreshCounts(client: QueryClient): void {
  void client.invalidateQueries({
    queryKey: thoughtKeys.all,
    predicate: (query) => {
      const kind = query.queryKey[1];
      return kind === "labels" || kind === "authors" || kind === "sources" || kind === "source";
    },
  });
}

/**
 * A read of a list already on its way began before the change was committed: its answer, arriving after,
 * would put back what the change took away (a card deleted on the laptop shown again on the phone, which was
 * reading its wall as it came back from a form). Such a read is started again: TanStack drops the one under
 * way, and the new one sees the change; a next page the reader asked for ('Carregar mais') is kept, and its
 * list read again once it has landed.
 */
function readListsAgainIfUnderWay(client: QueryClient): void {
  void invalidateKeepingNextPages(client, { queryKey: thoughtKeys.lists(), fetchStatus: "fetching" });
}

/** Puts the thought, as the server now holds it, into every cached list, page and single-thought query. */
export function putThought(client: QueryClient, thought: Thought): void {
  for (const [key, data] of client.getQueriesData<WallPages>({ queryKey: thoughtKeys.lists() })) {
    const filters = key[2] as ListFilters | undefined;
    if (!data || !filters) continue;
    const next = listWith(data, filters, thought);
    if (next !== data) client.setQueryData(key, next);
    // A sorted view cannot place a new thought: it is fetched again the next time it is shown.
    else if (filters.order !== undefined && !thoughtInPages(data.pages, thought.id)) {
      void client.invalidateQueries({ queryKey: key, exact: true, refetchType: "none" });
    }
  }
  readListsAgainIfUnderWay(client);
  const detail = thoughtKeys.detail(thought.id);
  const cached = client.getQueryData<Thought>(detail);
  if (cached && isNewer(thought, cached)) client.setQueryData(detail, thought);
  for (const queryKey of apartKeys()) {
    for (const [key, data] of client.getQueriesData<Thought | null>({ queryKey })) {
      if (data?.id === thought.id && isNewer(thought, data)) client.setQueryData(key, thought);
    }
  }
  // It may have come back from the trash.
  void client.invalidateQueries({ queryKey: trashKeys.all });
  refreshCounts(client);
}

/**
 * Forgets a thought that left the wall (to the trash, or for good). A single-thought query that a screen
 * still shows is kept (an edit form open on it keeps the user's text; its save then says the thought is gone).
 */
export function dropThought(client: QueryClient, id: number): void {
  for (const [key, data] of client.getQueriesData<WallPages>({ queryKey: thoughtKeys.lists() })) {
    if (!data) continue;
    const next = listWithout(data, id);
    if (next !== data) client.setQueryData(key, next);
  }
  readListsAgainIfUnderWay(client);
  const detail = client.getQueryCache().find({ queryKey: thoughtKeys.detail(id), exact: true });
  if (detail && detail.getObserversCount() === 0)
    client.removeQueries({ queryKey: detail.queryKey, exact: true });
  for (const queryKey of apartKeys()) {
    for (const [key, data] of client.getQueriesData<Thought | null>({ queryKey })) {
      if (data?.id === id) void client.invalidateQueries({ queryKey: key, exact: true });
    }
  }
  void client.invalidateQueries({ queryKey: trashKeys.all });
  refreshCounts(client);
}

/** Many thoughts changed at once (an import, a label renamed, the trash emptied), or events were missed. */
export function refreshEverything(client: QueryClient): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: thoughtKeys.all }),
    client.invalidateQueries({ queryKey: trashKeys.all }),
  ]).then(() => undefined);
}
