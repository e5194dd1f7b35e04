import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiPaths, type Thought } from "../../domain/contract";
import { ApiRequestError, apiRequest } from "./client";
import { thoughtKeys } from "./thoughts";
import { thoughtInPages, type WallPages } from "./use-thought-list";

async function fetchThought(id: number, signal?: AbortSignal): Promise<Thought> {
  return (await apiRequest<Thought>(apiPaths.thought(id), { signal })).data;
}

/**
 * The id of a route like /pensamentos/editarPensamento/:id, or undefined when it cannot name a thought
 * ("abc", "0", "1.5"): such an address is answered like an unknown id, without asking the server.
 */
export function parseThoughtId(raw: string | undefined): number | undefined {
  if (!raw || !/^\d{1,15}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id >= 1 ? id : undefined;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}

/** The thought as a loaded wall list holds it (the card the user just pressed), if one does. */
export function thoughtOnAWall(client: QueryClient, id: number): Thought | undefined {
  for (const [, data] of client.getQueriesData<WallPages>({ queryKey: thoughtKeys.lists() })) {
    const found = data && thoughtInPages(data.pages, id);
    if (found) return found;
  }
  return undefined;
}

interface ThoughtQueryOptions {
  /** False stops asking, as the delete dialog does once the thought is being deleted. */
  enabled?: boolean;
  /**
   * Shows the wall's copy of the thought while the server's answers: the delete dialog opened from a card
   * can be confirmed at once. Not for the edit form, which must start from the stored text.
   */
  fromWall?: boolean;
}

/** One thought by id, shared by the edit form and the delete dialog through the detail key. */
export function useThought(id: number, { enabled = true, fromWall = false }: ThoughtQueryOptions = {}) {
  const client = useQueryClient();
  // Thought named: inferred, the placeholder function would be taken for the data's type.
  return useQuery<Thought>({
    queryKey: thoughtKeys.detail(id),
    queryFn: ({ signal }) => fetchThought(id, signal),
    enabled,
    placeholderData: () => (fromWall ? thoughtOnAWall(client, id) : undefined),
  });
}
