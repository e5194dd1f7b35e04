import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPaths, type Thought } from "../../domain/contract";
import { apiRequest } from "./client";
import { putThought } from "./thought-cache";
import { thoughtKeys } from "./thoughts";
import { trashKeys } from "./trash";
import { isNotFound, thoughtOnAWall } from "./use-thought";
import { currentOf, ifMatch } from "./versions";

/** Deletes the thought as the user saw it (`If-Match`): changed elsewhere since, it is not deleted. */
async function deleteThought(id: number, seen: Thought | undefined): Promise<void> {
  await apiRequest<void>(apiPaths.thought(id), {
    method: "DELETE",
    headers: seen ? ifMatch(seen.versao) : {},
  });
}

export function useDeleteThought() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      // The version the user saw: the dialog's copy, or the card's.
      const seen =
        queryClient.getQueryData<Thought>(thoughtKeys.detail(id)) ?? thoughtOnAWall(queryClient, id);
      try {
        await deleteThought(id, seen);
      } catch (error) {
        // Already gone (deleted in another tab): what the user asked for is true, so it is not a failure.
        if (!isNotFound(error)) throw error;
      }
    },
    onSuccess: async (_nothing, id) => {
      // Dropped rather than invalidated: a stale copy would let the edit form open a deleted thought.
      queryClient.removeQueries({ queryKey: thoughtKeys.detail(id), exact: true });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: thoughtKeys.lists(), refetchType: "all" }),
        // The day's thought may be the one deleted: the server picks another.
        queryClient.invalidateQueries({ queryKey: thoughtKeys.day() }),
        queryClient.invalidateQueries({ queryKey: trashKeys.all }),
      ]);
    },
    // Changed on another device since it was shown (a 412): every copy shows it as it is now, so the
    // user confirms (or not) what would really be deleted.
    onError: (error) => {
      const current = currentOf(error);
      if (current) putThought(queryClient, current);
    },
  });
}
