import { useQuery } from "@tanstack/react-query";
import { ApiRequestError } from "./client";
import { fetchThought, thoughtKeys } from "./thoughts";

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

/**
 * One thought by id, shared by the edit form and the delete dialog through the detail key. `enabled: false`
 * stops asking, as the delete dialog does once the thought is being deleted.
 */
export function useThought(id: number, enabled = true) {
  return useQuery({
    queryKey: thoughtKeys.detail(id),
    queryFn: ({ signal }) => fetchThought(id, signal),
    enabled,
  });
}
