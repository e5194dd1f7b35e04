import type { Thought } from "../../../src/domain/contract";
import { MODELS, type Model } from "../../../src/domain/rules";
import { foldText } from "../../../src/domain/search-text";
import type { Store } from "../../../src/server/db";
import type { ApiSession } from "./http";

/**
 * Words the fault suites put in the texts they write and search for. None can occur by chance: the rest
 * of a text is hex digits, and each word has letters past f; no author contains one.
 */
export const WORDS = ["amanhecer", "brisa", "cantiga"] as const;
export const AUTHOR = "Quem testa falhas";

/** A text with one of the words, unique thanks to its hex tail. */
export function textWith(word: string): string {
  return `${word} ${Math.random().toString(16).slice(2, 10)}`;
}

export function randomModel(): Model {
  return MODELS[Math.floor(Math.random() * MODELS.length)] ?? "modelo1";
}

/** The list queries whose X-Total-Count the suites compare: the wall, its filters, and searches. */
export const COUNT_QUERIES = [
  "",
  "favorito=true",
  "favorito=false",
  ...WORDS.map((word) => `q=${word}`),
  `q=${WORDS[1]}&favorito=true`,
  `q=${WORDS[0]}&favorito=false`,
];

/** What the database holds, oldest first, read directly (no server, no cache in between). */
export async function rowsIn(store: Store): Promise<Thought[]> {
  const rows: Thought[] = [];
  for await (const thought of store.thoughts.every()) rows.push(thought);
  return rows;
}

/** How many of `rows` a list query matches, computed here: the count the server should answer. */
export function countOf(rows: readonly Thought[], query: string): number {
  const params = new URLSearchParams(query);
  const q = params.get("q");
  const favorito = params.get("favorito");
  return rows.filter((row) => {
    if (favorito !== null && row.favorito !== (favorito === "true")) return false;
    if (q === null) return true;
    const needle = foldText(q.trim());
    return foldText(row.conteudo).includes(needle) || foldText(row.autoria).includes(needle);
  }).length;
}

/** Every count of COUNT_QUERIES as `server` answers it. */
export async function countsFrom(api: ApiSession): Promise<Record<string, number>> {
  const entries = await Promise.all(
    COUNT_QUERIES.map(async (query) => [query, await api.total(query)] as const),
  );
  return Object.fromEntries(entries);
}

/** Every count of COUNT_QUERIES as the rows say. */
export function trueCounts(rows: readonly Thought[]): Record<string, number> {
  return Object.fromEntries(COUNT_QUERIES.map((query) => [query, countOf(rows, query)]));
}
