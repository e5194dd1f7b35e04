import { useQuery } from "@tanstack/react-query";
import { apiPaths, type Suggestions } from "../../domain/contract";
import { apiRequest } from "./client";
import { thoughtKeys } from "./thoughts";

/**
 * What a search that found nothing offers: the labels and authors whose names hold one of its words. Under
 * `thoughtKeys.all`, so whatever refreshes the thoughts refreshes them; loaded with the forms' chunk, never
 * on the wall's first visit.
 */
export function useSearchSuggestions(search: string) {
  return useQuery({
    queryKey: [...thoughtKeys.all, "suggestions", search],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<Suggestions>(`${apiPaths.suggestions}?${new URLSearchParams({ q: search })}`, {
          signal,
        })
      ).data,
    staleTime: 30_000,
  });
}
