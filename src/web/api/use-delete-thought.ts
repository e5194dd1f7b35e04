import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Thought } from "../../domain/contract";
import { versionOf, writeOrKeep } from "./outbox/write-or-keep";
import { putThought } from "./thought-cache";
import { thoughtKeys } from "./thoughts";
import { trashKeys } from "./trash";
import { isNotFound, thoughtOnAWall } from "./use-thought";
import { currentOf } from "./versions";

/** Whether the deletion waits on this device for the connection (then nothing is in the trash yet). */
async function deleteThought(id: number, seen: Thought | undefined): Promise<{ queued: boolean }> {
  const ifMatch = versionOf(seen);
  const { queued } = await writeOrKeep({
    kind: "delete",
    method: "DELETE",
    thoughtId: id,
    ...(seen ? { shown: seen } : {}),
    ...(ifMatch !== undefined ? { ifMatch } : {}),
  });
  return { queued };
}

export function useDeleteThought() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      // The version the user saw: the dialog's copy, or the card's.
      const seen =
        queryClient.getQueryData<Thought>(thoughtKeys.detail(id)) ?? thoughtOnAWall(queryClient, id);
      try {
        return await deleteThought(id, seen);
      } catch (error) {
        // Already gone (deleted in another tab): what the user asked for is true, so it is not a failure.
        if (!isNotFound(error)) throw error;
        return { queued: false };
      }
    },
    onSuccess: async ({ queued }, id) => {
      // Waiting on this device: the card stays, marked, until the deletion is sent.
      if (queued) return;
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
