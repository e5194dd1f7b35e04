import type { ListFilters } from "../api/thoughts";
import { loadFailureMessage } from "../ui/load-failure";

const NOT_KEPT = "ainda não está guardada neste aparelho.";

/** What the wall says when it could not read a view: offline, in the words of the view. */
export function listFailureMessage(
  error: unknown,
  { search, favorites, label, author }: ListFilters,
): string {
  const offline = search
    ? `A busca precisa de conexão: esta ${NOT_KEPT}`
    : favorites || label || author
      ? `Esta lista precisa de conexão: ela ${NOT_KEPT}`
      : "O mural precisa de conexão: ele ainda não está guardado neste aparelho.";
  return loadFailureMessage(error, { offline, failed: "Não foi possível carregar os pensamentos." });
}

/** What 'Carregar mais' says when the next page could not be read. */
export function nextPageFailureMessage(error: unknown): string {
  return loadFailureMessage(error, {
    offline: "Os próximos pensamentos precisam de conexão.",
    failed: "Não foi possível carregar os pensamentos.",
  });
}
