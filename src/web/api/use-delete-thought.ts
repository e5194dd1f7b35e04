import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPaths } from "../../domain/contract";
import { apiRequest } from "./client";
import { thoughtKeys } from "./thoughts";
import { trashKeys } from "./trash";
import { isNotFound } from "./use-thought";

async function deleteThought(id: number): Promise<void> {
  await apiRequest<void>(apiPaths.thought(id), { method: "DELETE" });
}

export function useDeleteThought() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      try {
        await deleteThought(id);
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
  });
}
