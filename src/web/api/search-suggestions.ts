import { useQuery } from "@tanstack/react-query";
import type { Suggestions } from "../../domain/contract";
import { suggestionsUrl } from "../../domain/suggestions-route";
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
    queryFn: async ({ signal }) => (await apiRequest<Suggestions>(suggestionsUrl(search), { signal })).data,
    staleTime: 30_000,
  });
}
