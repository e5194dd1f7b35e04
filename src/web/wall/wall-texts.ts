import type { ListFilters } from "../api/thoughts";

export function wallTitle(favorites: boolean): string {
  return favorites ? "Meus favoritos" : "Meu mural";
}

/** What an empty wall says, in the words of the view the user is in. */
export function emptyMessage({ search, favorites }: ListFilters): string {
  if (search && favorites) return `Nenhum favorito encontrado para “${search}”.`;
  if (search) return `Nenhum pensamento encontrado para “${search}”.`;
  if (favorites) return "Você ainda não marcou nenhum favorito.";
  return "Ainda não há pensamentos cadastrados!";
}

/** Read out by screen readers whenever the shown list changes. */
export function countMessage(shown: number, total: number): string {
  if (total === 0) return "";
  const noun = total === 1 ? "pensamento" : "pensamentos";
  return `Exibindo ${shown} de ${total} ${noun}.`;
}
