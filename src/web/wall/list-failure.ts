import type { ListFilters } from "../api/thoughts";
import { loadFailureMessage } from "../ui/load-failure";

const FAILED = "Não foi possível carregar os pensamentos.";

/**
 * What the wall says when it could not read a view: offline (a view the device did not keep), in the words
 * of the view; the offline notice above already says the wall shows what the device kept.
 */
export function listFailureMessage(
  error: unknown,
  { search, favorites, label, author }: ListFilters,
): string {
  const offline = search
    ? "A busca precisa de conexão."
    : favorites || label || author
      ? "Esta lista precisa de conexão."
      : "O mural precisa de conexão.";
  return loadFailureMessage(error, { offline, failed: FAILED });
}

/** What 'Carregar mais' says when the next page could not be read. */
export function nextPageFailureMessage(error: unknown): string {
  return loadFailureMessage(error, {
    offline: "Os próximos pensamentos precisam de conexão.",
    failed: FAILED,
  });
}
