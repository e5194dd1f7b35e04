/**
 * Folds text for accent- and case-insensitive search: "Coração" and "CORACAO" both become "coracao".
 * The same function fills the indexed search column and folds the query, so both sides always agree.
 */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** An author as the wall's author filter matches it: whole, trimmed, without case or accents. */
export function authorKey(author: string): string {
  return foldText(author.trim());
}

/**
 * The search text that the wall sends and the API applies: trimmed, and only from `min` characters counted
 * as the index counts them, in code points of the folded text. SQLite's trigram index finds nothing under
 * 3 code points while PostgreSQL's LIKE would, so "😀😀" (4 UTF-16 units) or "e" plus a combining accent
 * must count as short on both, or the two databases would answer differently.
 */
export function effectiveSearch(raw: string | undefined, min: number): string | undefined {
  const trimmed = (raw ?? "").trim();
  return codePoints(foldText(trimmed)) >= min ? trimmed : undefined;
}

function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** Words shorter than this (in code points) are under the trigram indexes' reach on both databases. */
export const INDEXED_WORD_MIN = 3;

/**
 * The search's words as the API matches them and the card marks them: folded, split at any white space,
 * each once. Every word must match (in any order), each as a substring, so the last one matches as a prefix
 * while it is being typed.
 */
export function searchWords(text: string): string[] {
  return [...new Set(foldText(text).split(/\s+/u).filter(Boolean))];
}

/** Whether a folded word is long enough for the trigram indexes (see INDEXED_WORD_MIN). */
export const isIndexedWord = (word: string) => codePoints(word) >= INDEXED_WORD_MIN;
