import type { ListFilters } from "../api/thoughts";

export function wallTitle(favorites: boolean): string {
  return favorites ? "Meus favoritos" : "Meu mural";
}

/** The tab's name (before ' · Memoteca'): the view, and the search, author and label when they apply. */
export function wallPageTitle({ search, favorites, label, author }: ListFilters): string {
  const parts = [
    search ? `Busca “${search}”` : "",
    author ?? "",
    label ? `Etiqueta “${label}”` : "",
    wallTitle(favorites),
  ];
  return parts.filter(Boolean).join(" · ");
}

/** How many thoughts a filtered wall holds, in words: '12 pensamentos', '1 pensamento'. */
export function thoughtCount(total: number): string {
  return `${total} ${total === 1 ? "pensamento" : "pensamentos"}`;
}

/** What an empty wall says, in the words of the view the user is in. */
export function emptyMessage({ search, favorites, label, author }: ListFilters): string {
  if (label || author) return "Nenhum pensamento neste filtro.";
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
