import { type QueryClient, type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Thought } from "../../domain/contract";
import { corePaths, IF_MATCH_HEADER, versionTag } from "../../domain/contract-core";
import { apiRequest } from "./client";
import { withFavorite } from "./favorite-cache";
import { afterNextPage, fetchingMore, invalidateKeepingNextPages, listsFetchingMore } from "./next-page";
import { gotNoAnswer, keepForLater, waitsInOutbox } from "./outbox/outbox-state";
import { type ListFilters, thoughtKeys } from "./thoughts";
import { thoughtInPages, type WallPages } from "./use-thought-list";
import { currentOf } from "./versions";

/** Where the thought's copies are kept: the lists' pages, and the queries of one thought. */
const singleKeys = () => [thoughtKeys.details(), thoughtKeys.day(), thoughtKeys.randoms()];

/**
 * The thought as the server holds it now (a 412's `atual`), in place of every copy of it this tab shows. A
 * few lines rather than thought-cache.ts, which the wall's first visit does not carry.
 */
function showCurrent(client: QueryClient, current: Thought): void {
  for (const [key, data] of client.getQueriesData<WallPages>({ queryKey: thoughtKeys.lists() })) {
    if (!data || !thoughtInPages(data.pages, current.id)) continue;
    const pages = data.pages.map((page) => ({
      ...page,
      items: page.items.map((item) => (item.id === current.id ? current : item)),
    }));
    client.setQueryData(key, { ...data, pages });
  }
  for (const queryKey of singleKeys()) {
    for (const [key, data] of client.getQueriesData<Thought | null>({ queryKey })) {
      if (data?.id === current.id) client.setQueryData(key, current);
    }
  }
}

/** The favourite changes, kept by TanStack's mutation cache with their answers. */
const favoriteKey = ["favorite"] as const;

/**
 * The newest version of the thought this tab knows (the answers to earlier presses, its lists, its
 * single-thought queries), at least the pressed card's: two quick presses on one heart run one after the
 * other (one scope), and the second names the version the first one's answer brought, not the one shown
 * when it was pressed. The answer itself is read, not only the lists it refreshes: that refresh can be
 * dropped for another (the live stream's catch-up as the app starts), and the second press would then
 * name the old version and be refused.
 */
function knownVersion(client: QueryClient, thought: Thought): number {
  let versao = thought.versao;
  for (const mutation of client.getMutationCache().findAll({ mutationKey: favoriteKey, status: "success" })) {
    const answer = mutation.state.data as Thought | undefined;
    if (answer?.id === thought.id) versao = Math.max(versao, answer.versao);
  }
  for (const [, data] of client.getQueriesData<WallPages>({ queryKey: thoughtKeys.lists() })) {
    versao = Math.max(versao, (data && thoughtInPages(data.pages, thought.id)?.versao) || 0);
  }
  for (const queryKey of singleKeys()) {
    for (const [, data] of client.getQueriesData<Thought | null>({ queryKey })) {
      if (data?.id === thought.id) versao = Math.max(versao, data.versao);
    }
  }
  return versao;
}

/**
 * PATCH of the flag alone, naming the version the user saw. Without a connection (or behind writes of the
 * same thought that wait) it waits in the outbox, and the card shows it changed meanwhile. Setting a flag
 * twice changes nothing more, so online it needs no Idempotency-Key (and the wall's first visit no code for
 * one); the outbox gives it one.
 */
async function setFavorite(thought: Thought, favorite: boolean): Promise<Thought | undefined> {
  const entry = {
    kind: "favorite",
    method: "PATCH",
    thoughtId: thought.id,
    body: { favorito: favorite },
    shown: { ...thought, favorito: favorite },
    ifMatch: thought.versao,
  } as const;
  if (waitsInOutbox(thought.id)) return (await keepForLater(entry, new Error("outbox"))).shown;
  try {
    const init = {
      method: "PATCH",
      body: JSON.stringify(entry.body),
      headers: { [IF_MATCH_HEADER]: versionTag(thought.versao) },
    };
    return (await apiRequest<Thought>(corePaths.thought(thought.id), init)).data;
  } catch (error) {
    if (!gotNoAnswer(error) || !error.offline) throw error;
    return (await keepForLater(entry, error)).shown;
  }
}

export interface FavoriteChange {
  thought: Thought;
  favorite: boolean;
}

/**
 * The favorite toggle: PATCH (only the flag, so it cannot undo a concurrent edit), shown at once in
 * every loaded list and on the thoughts shown apart (the day's, the draws), rolled back if the call fails.
 * Once it settles, the loaded lists are fetched again page by page: a card that left the favorites moves
 * the later ones up, and the next 'Carregar mais' then starts from the server's real offsets instead of
 * skipping a thought. `C` is the caller's own change, handed back as given when it fails.
 */
export function useToggleFavorite<C extends FavoriteChange>(onFailure: (change: C, error: unknown) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: favoriteKey,
    scope: { id: "favorite" },
    mutationFn: ({ thought, favorite }: C) =>
      setFavorite({ ...thought, versao: knownVersion(queryClient, thought) }, favorite),
    onMutate: async ({ thought, favorite }) => {
      const apart = [thoughtKeys.day(), thoughtKeys.randoms()];
      // A read under way would put back the flag as it was; but a next page the reader asked for is kept,
      // and the change is put into its list again once it has landed (see next-page.ts).
      const paging = listsFetchingMore(queryClient, thoughtKeys.lists());
      await Promise.all([
        queryClient.cancelQueries({
          queryKey: thoughtKeys.lists(),
          predicate: (query) => !fetchingMore(query),
        }),
        ...apart.map((queryKey) => queryClient.cancelQueries({ queryKey })),
      ]);
      const change = (key: QueryKey) => {
        const filters = key[2] as ListFilters | undefined;
        const data = queryClient.getQueryData<WallPages>(key);
        if (data && filters) {
          queryClient.setQueryData(key, withFavorite(data, thought.id, favorite, filters.favorites));
        }
      };
      // Taken before the change; a list whose next page is on its way is read again from the server instead
      // (onSettled), since its snapshot would drop the page.
      const lists = queryClient.getQueriesData<WallPages>({ queryKey: thoughtKeys.lists() });
      const snapshot: [QueryKey, unknown][] = lists.filter(
        ([key]) => !paging.some((q) => q.queryKey === key),
      );
      for (const [key] of lists) change(key);
      for (const query of paging) afterNextPage(queryClient, query, () => change(query.queryKey));
      for (const queryKey of apart) {
        for (const [key, data] of queryClient.getQueriesData<Thought | null>({ queryKey })) {
          if (data?.id !== thought.id) continue;
          snapshot.push([key, data]);
          queryClient.setQueryData(key, { ...data, favorito: favorite });
        }
      }
      return { snapshot };
    },
    onError: (error, change, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
      // Changed on another device meanwhile (a 412): the card shows the thought as it is now, and the
      // failure, said on it, offers to try again from there. Already as the user wanted: nothing to say.
      const current = currentOf(error);
      if (current) {
        showCurrent(queryClient, current);
        if (current.favorito === change.favorite) return;
        onFailure({ ...change, thought: current }, error);
        return;
      }
      onFailure(change, error);
    },
    // Read again from the server; a list whose next page is on its way once it has landed.
    onSettled: () => invalidateKeepingNextPages(queryClient, { queryKey: thoughtKeys.all }),
  });
}
