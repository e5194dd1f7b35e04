import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { apiPaths, type LabelCount, TOTAL_COUNT_HEADER } from "../../domain/contract";
import { LABEL_PAGE_SIZE } from "../../domain/rules";
import { apiRequest } from "./client";
import { thoughtKeys } from "./thoughts";

/** The labels' keys, under thoughtKeys.labels(): whatever refreshes the thoughts refreshes them. */
export const labelKeys = {
  pages: () => [...thoughtKeys.labels(), "pages"] as const,
  suggestions: (prefix: string) => [...thoughtKeys.labels(), "suggestions", prefix] as const,
};

/** A page of the labels in use, with how many there are over all pages. */
export interface LabelPage {
  items: LabelCount[];
  total: number;
}

/** The labels in use, a page at a time, with how many thoughts carry each; `prefix` keeps those it starts. */
export async function fetchLabelPage(
  { page, limit, prefix }: { page: number; limit: number; prefix?: string },
  signal?: AbortSignal,
): Promise<LabelPage> {
  const params = new URLSearchParams({ _page: String(page), _limit: String(limit) });
  if (prefix) params.set("prefixo", prefix);
  const { data, headers } = await apiRequest<LabelCount[]>(`${apiPaths.labels}?${params}`, { signal });
  return { items: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
}

/**
 * The labels screen's list, a page of the API's size at a time, the next on 'Carregar mais': a thousand rows
 * at once took seconds to draw, and a wall may hold ten thousand labels.
 */
export function useLabelPages() {
  return useInfiniteQuery({
    queryKey: labelKeys.pages(),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => fetchLabelPage({ page: pageParam, limit: LABEL_PAGE_SIZE }, signal),
    getNextPageParam: (last, pages) =>
      pages.reduce((shown, page) => shown + page.items.length, 0) < last.total && last.items.length > 0
        ? pages.length + 1
        : undefined,
  });
}

/**
 * The labels in use that start with what is typed (any case), at most `limit`, asked as the person types
 * while the list is open: a wall's labels are never all fetched for a form. The last answer stays shown
 * while the next is on its way, so the list does not flicker at each key.
 */
export function useLabelSuggestions(typed: string, { enabled, limit }: { enabled: boolean; limit: number }) {
  const prefix = typed.trimStart();
  const query = useQuery({
    queryKey: labelKeys.suggestions(prefix),
    queryFn: ({ signal }) => fetchLabelPage({ page: 1, limit, prefix }, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  return query.data?.items.map((label) => label.nome) ?? [];
}

/** A rename or a removal changes cards everywhere: every list and the labels are read again. */
function useLabelChange<Input>(change: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: thoughtKeys.all, refetchType: "all" }),
  });
}

export function useRenameLabel() {
  return useLabelChange(({ from, to }: { from: string; to: string }) =>
    apiRequest(apiPaths.label(from), { method: "PATCH", body: JSON.stringify({ nome: to }) }),
  );
}

export function useDeleteLabel() {
  return useLabelChange((name: string) => apiRequest(apiPaths.label(name), { method: "DELETE" }));
}
