import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Thought } from "../../domain/contract";
import type { ThoughtForm } from "../../domain/thought";
import { versionOf, writeOrKeep } from "./outbox/write-or-keep";
import { thoughtKeys } from "./thoughts";

/** A saved thought; `queued` when it waits on this device for the connection (see writeOrKeep). */
export type SavedResult = Thought & { queued?: true };

async function createThought(input: ThoughtForm): Promise<SavedResult> {
  const body = { ...input, favorito: false };
  const now = new Date().toISOString();
  // Offline, a stand-in below zero names it on this device until the server gives it its id.
  const shown = { ...body, id: -Date.now(), criadoEm: now, atualizadoEm: now } as Thought;
  const { thought, queued } = await writeOrKeep({
    kind: "create",
    method: "POST",
    thoughtId: shown.id,
    body,
    shown,
  });
  return queued ? { ...(thought ?? shown), queued } : (thought as Thought);
}

async function replaceThought(edited: Thought): Promise<SavedResult> {
  const ifMatch = versionOf(edited);
  const { thought, queued } = await writeOrKeep({
    kind: "edit",
    method: "PUT",
    thoughtId: edited.id,
    body: edited,
    shown: edited,
    ...(ifMatch !== undefined ? { ifMatch } : {}),
  });
  return queued ? { ...(thought ?? edited), queued } : (thought as Thought);
}

/**
 * Puts the saved thought in the cache and refreshes every cached list, inactive ones included, before the
 * caller navigates: the wall then opens already showing the change instead of flashing the old list.
 */
async function remember(queryClient: QueryClient, thought: SavedResult): Promise<void> {
  // Waiting on this device: the wall draws it from the outbox; the server's copies are not touched.
  if (thought.queued) return;
  queryClient.setQueryData(thoughtKeys.detail(thought.id), thought);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: thoughtKeys.lists(), refetchType: "all" }),
    queryClient.invalidateQueries({ queryKey: thoughtKeys.labels() }),
  ]);
}

export function useCreateThought() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: ThoughtForm) => createThought(form),
    onSuccess: (thought) => remember(queryClient, thought),
  });
}

/**
 * Edits send the whole thought (PUT), so the fields the form does not show, like favorito, are kept, and
 * name its version: a thought changed on another device since the form was filled is not overwritten.
 */
export function useReplaceThought() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (thought: Thought) => replaceThought(thought),
    onSuccess: (thought) => remember(queryClient, thought),
  });
}
