/**
 * Folds text for accent- and case-insensitive search: "Coração" and "CORACAO" both become "coracao".
 * The same function fills the indexed search column and folds the query, so both sides always agree.
 */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** The search text that the wall sends and the API applies: trimmed, and only from SEARCH_MIN characters. */
export function effectiveSearch(raw: string | undefined, min: number): string | undefined {
  const trimmed = (raw ?? "").trim();
  return trimmed.length >= min ? trimmed : undefined;
}
