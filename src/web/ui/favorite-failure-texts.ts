import { ApiRequestError } from "../api/client";

/**
 * A failed favorite change, said on its card: what did not happen, then why, in a few words. The card
 * already names the thought, and its buttons offer to try again, so the text says neither.
 */
export function favoriteFailureMessage(favorite: boolean, error: unknown): string {
  const what = favorite
    ? "Não foi possível marcar como favorito."
    : "Não foi possível remover dos favoritos.";
  return `${what} ${failureReason(error)}`;
}

function failureReason(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return "Erro no servidor.";
  if (error.code === "network") return "Sem conexão com o servidor.";
  if (error.status === 404) return "Este pensamento foi excluído.";
  if (error.code === "versao_desatualizada") {
    return "Este pensamento mudou em outro aparelho; o cartão já mostra como ele está agora.";
  }
  if (error.status >= 500 || error.code === "http") return "Erro no servidor.";
  // Our API's own pt-BR message: the session ended, the page needs a reload, too many requests…
  return error.message;
}

/** Whether trying again can help: not for a thought that no longer exists. */
export function canRetryFavorite(error: unknown): boolean {
  return !(error instanceof ApiRequestError && error.status === 404);
}
