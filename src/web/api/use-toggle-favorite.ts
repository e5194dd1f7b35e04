import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPaths, IF_MATCH_HEADER, type Thought, versionTag } from "../../domain/contract";
import { apiRequest } from "./client";
import { withFavorite } from "./favorite-cache";
import { gotNoAnswer, keepForLater, waitsInOutbox } from "./outbox/outbox-state";
import { type ListFilters, thoughtKeys } from "./thoughts";
import type { WallPages } from "./use-thought-list";

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
    return (await apiRequest<Thought>(apiPaths.thought(thought.id), init)).data;
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
    mutationFn: ({ thought, favorite }: C) => setFavorite(thought, favorite),
    onMutate: async ({ thought, favorite }) => {
      const apart = [thoughtKeys.day(), thoughtKeys.randoms()];
      await Promise.all(
        [thoughtKeys.lists(), ...apart].map((queryKey) => queryClient.cancelQueries({ queryKey })),
      );
      const lists = queryClient.getQueriesData<WallPages>({ queryKey: thoughtKeys.lists() });
      const snapshot: [QueryKey, unknown][] = [...lists];
      for (const [key, data] of lists) {
        const filters = key[2] as ListFilters | undefined;
        if (data && filters) {
          queryClient.setQueryData(key, withFavorite(data, thought.id, favorite, filters.favorites));
        }
      }
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
      onFailure(change, error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: thoughtKeys.all }),
  });
}
