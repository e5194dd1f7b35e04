import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Thought } from "../../domain/contract";
import { withFavorite } from "./favorite-cache";
import { type ListFilters, setFavorite, thoughtKeys } from "./thoughts";
import type { WallPages } from "./use-thought-list";

export interface FavoriteChange {
  thought: Thought;
  favorite: boolean;
}

/**
 * The favorite toggle: PATCH (only the flag, so it cannot undo a concurrent edit), shown at once in
 * every loaded list, rolled back if the call fails. Once it settles, the loaded lists are fetched again
 * page by page: a card that left the favorites moves the later ones up, and the next 'Carregar mais'
 * then starts from the server's real offsets instead of skipping a thought.
 */
export function useToggleFavorite(onFailure: (change: FavoriteChange, error: unknown) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ thought, favorite }: FavoriteChange) => setFavorite(thought.id, favorite),
    onMutate: async ({ thought, favorite }) => {
      await queryClient.cancelQueries({ queryKey: thoughtKeys.lists() });
      const snapshot = queryClient.getQueriesData<WallPages>({ queryKey: thoughtKeys.lists() });
      for (const [key, data] of snapshot) {
        const filters = key[2] as ListFilters | undefined;
        if (data && filters) {
          queryClient.setQueryData(key, withFavorite(data, thought.id, favorite, filters.favorites));
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
