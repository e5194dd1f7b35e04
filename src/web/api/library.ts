import { useInfiniteQuery } from "@tanstack/react-query";
import {
  type AuthorCount,
  apiPaths,
  type SourceCount,
  type Thought,
  TOTAL_COUNT_HEADER,
} from "../../domain/contract";
import { apiRequest } from "./client";
import { thoughtKeys } from "./thoughts";

/** The library's keys, under thoughtKeys.all: whatever refreshes the thoughts refreshes them. */
export const libraryKeys = {
  authors: () => [...thoughtKeys.all, "authors"] as const,
  sources: (author: string | undefined) => [...thoughtKeys.all, "sources", author ?? null] as const,
  source: (name: string, author: string | undefined) =>
    [...thoughtKeys.all, "source", name, author ?? null] as const,
};

/** A page of a list, with how many items there are over all pages. */
export interface Paged<T> {
  items: T[];
  total: number;
}

/** Authors are few next to thoughts: five hundred at a time fill the index of most walls in one answer. */
export const AUTHORS_PER_PAGE = 500;
export const SOURCES_PER_PAGE = 100;
export const SOURCE_THOUGHTS_PER_PAGE = 20;

async function fetchPage<T>(path: string, params: Record<string, string | undefined>, signal?: AbortSignal) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, value);
  const { data, headers } = await apiRequest<T[]>(`${path}?${query}`, { signal });
  return { items: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
}

/** A list read a page at a time, the next on 'Carregar mais'. */
function usePages<T>(
  queryKey: readonly unknown[],
  path: string,
  limit: number,
  params: Record<string, string | undefined> = {},
) {
  return useInfiniteQuery({
    queryKey,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      fetchPage<T>(path, { ...params, _page: String(pageParam), _limit: String(limit) }, signal),
    getNextPageParam: (last: Paged<T>, pages: Paged<T>[]) =>
      pages.reduce((shown, page) => shown + page.items.length, 0) < last.total && last.items.length > 0
        ? pages.length + 1
        : undefined,
  });
}

/** Every author with how many thoughts it has, in pt-BR order. */
export const useAuthorPages = () =>
  usePages<AuthorCount>(libraryKeys.authors(), apiPaths.authors, AUTHORS_PER_PAGE);

/** Every source with its author and count, in pt-BR order; one author's only when `author` is given. */
export const useSourcePages = (author: string | undefined) =>
  usePages<SourceCount>(libraryKeys.sources(author), apiPaths.sources, SOURCES_PER_PAGE, { autoria: author });

/** One source's thoughts in the order of their `local` ('p. 9' before 'p. 10'). */
export const useSourceThoughts = (name: string, author: string | undefined) =>
  usePages<Thought>(libraryKeys.source(name, author), apiPaths.sourceThoughts, SOURCE_THOUGHTS_PER_PAGE, {
    fonte: name,
    autoria: author,
  });
