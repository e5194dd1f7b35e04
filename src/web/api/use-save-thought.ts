import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPaths, type Thought } from "../../domain/contract";
import type { ThoughtForm } from "../../domain/thought";
import { apiRequest } from "./client";
import { thoughtKeys } from "./thoughts";
import { ifMatch } from "./versions";

async function createThought(input: ThoughtForm): Promise<Thought> {
  const body = JSON.stringify({ ...input, favorito: false });
  return (await apiRequest<Thought>(apiPaths.thoughts, { method: "POST", body })).data;
}

/** Replaces the version the form was filled from (`If-Match`): changed elsewhere since, a 412 says so. */
async function replaceThought(thought: Thought): Promise<Thought> {
  const init = { method: "PUT", body: JSON.stringify(thought), headers: ifMatch(thought.versao) };
  return (await apiRequest<Thought>(apiPaths.thought(thought.id), init)).data;
}

/**
 * Puts the saved thought in the cache and refreshes every cached list, inactive ones included, before the
 * caller navigates: the wall then opens already showing the change instead of flashing the old list.
 */
async function remember(queryClient: QueryClient, thought: Thought): Promise<void> {
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
