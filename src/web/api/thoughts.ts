import type { Thought } from "../../domain/contract";
import { corePaths, TOTAL_COUNT_HEADER } from "../../domain/contract-core";
import type { ThoughtPage } from "../../domain/thought-list";
import { apiRequest } from "./client";

/**
 * The thoughts' query keys, and the reads the wall's first visit makes. Each other request lives with its
 * hook in this folder, so that the wall's first visit does not carry the forms' requests.
 */

/**
 * The wall's orders besides its own (newest first, no sort asked), each as json-server's `_sort`/`_order`.
 * The API ends every sort on the id, oldest first, so equal authors or sources keep the order they came in.
 */
export const listOrders = {
  antigos: { _sort: "criadoEm", _order: "asc" },
  autor: { _sort: "autoria", _order: "asc" },
  fonte: { _sort: "fonte", _order: "asc" },
} as const;
export type ListOrder = keyof typeof listOrders;

export interface ListFilters {
  /** Already trimmed and long enough to apply (SEARCH_MIN), or undefined. */
  search?: string;
  favorites: boolean;
  /** A label, as typed (the API matches it in any case). */
  label?: string;
  /** A label left out (`sem=`): its thoughts do not show. */
  without?: string;
  /** A whole author, as shown (the API matches it without case or accents). */
  author?: string;
  /** Undefined for the wall's own order; never with a search, which the API lists newest first. */
  order?: ListOrder;
}

/** Query keys come only from here, so an invalidation always reaches every cached list or detail. */
export const thoughtKeys = {
  all: ["thoughts"] as const,
  lists: () => [...thoughtKeys.all, "list"] as const,
  list: (filters: ListFilters) => [...thoughtKeys.lists(), filters] as const,
  details: () => [...thoughtKeys.all, "detail"] as const,
  detail: (id: number) => [...thoughtKeys.details(), id] as const,
  day: () => [...thoughtKeys.all, "day"] as const,
  /** The labels in use with their counts: under `all`, so whatever refreshes the thoughts refreshes them. */
  labels: () => [...thoughtKeys.all, "labels"] as const,
  randoms: () => [...thoughtKeys.all, "random"] as const,
  random: (seed: number, step: number) => [...thoughtKeys.randoms(), seed, step] as const,
};

/**
 * The address of a page of the list: the first, or the one after `from`. In the wall's own order `from` is
 * a cursor (the last id shown); in another order, which a cursor cannot follow, it is how many are shown.
 */
export function thoughtPageUrl(filters: ListFilters, from: number | undefined, limit: number): string {
  const params = new URLSearchParams({ _limit: String(limit) });
  if (filters.order) {
    for (const [name, value] of Object.entries(listOrders[filters.order])) params.set(name, value);
    if (from) params.set("_start", String(from));
  } else if (from) params.set("_after", String(from));
  if (filters.search) params.set("q", filters.search);
  if (filters.favorites) params.set("favorito", "true");
  if (filters.label) params.set("etiqueta", filters.label);
  if (filters.without) params.set("sem", filters.without);
  if (filters.author) params.set("autoria", filters.author);
  return `${corePaths.thoughts}?${params.toString()}`;
}

/** A page of the list from its answer: the thoughts, and the count of the whole view from its header. */
export const thoughtPageOf = (data: Thought[], totalHeader: string | null): ThoughtPage => ({
  items: data,
  total: Number(totalHeader ?? data.length),
});

/**
 * The first page, or the thoughts that come after `from` (see thoughtPageUrl). `at` is when the server
 * answered (its Date header): now when online, the day it was kept when the offline copy answers.
 */
export async function fetchThoughtPage(
  filters: ListFilters,
  from: number | undefined,
  limit: number,
  signal?: AbortSignal,
): Promise<ThoughtPage & { at?: number }> {
  const { data, headers } = await apiRequest<Thought[]>(thoughtPageUrl(filters, from, limit), { signal });
  const at = Date.parse(headers.get("Date") ?? "");
  return { ...thoughtPageOf(data, headers.get(TOTAL_COUNT_HEADER)), ...(Number.isNaN(at) ? {} : { at }) };
}

/** A thought the server picks (of the day, or a draw): null when the wall is empty (the API's 204). */
export async function pickedThought(url: string, signal?: AbortSignal): Promise<Thought | null> {
  return (await apiRequest<Thought | undefined>(url, { signal })).data ?? null;
}

export const fetchDayThought = (signal?: AbortSignal) => pickedThought(corePaths.dayThought, signal);
