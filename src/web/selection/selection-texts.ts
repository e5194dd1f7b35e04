import { BULK_MAX } from "../../domain/bulk-schemas";
import { formatInteger as n } from "../../domain/pt-br-numbers";

export const selectedText = (count: number) =>
  count === 0 ? "Nenhum pensamento selecionado" : count === 1 ? "1 selecionado" : `${n(count)} selecionados`;

export const allOfViewText = (total: number) =>
  total === 1
    ? "O pensamento desta vista está selecionado"
    : `Todos os ${n(total)} pensamentos desta vista selecionados`;

export const selectAllText = (total: number) => `Selecionar todos os ${n(total)}`;

export const overLimitText = `Selecione no máximo ${n(BULK_MAX)} pensamentos de uma vez: use uma busca, uma etiqueta ou um autor para ficar abaixo disso.`;

/** What an action did, said in the wall's status line. */
export function doneText(action: string, count: number): string {
  const thoughts = count === 1 ? "1 pensamento" : `${n(count)} pensamentos`;
  switch (action) {
    case "favoritar":
      return `${thoughts} nos favoritos.`;
    case "desfavoritar":
      return `${thoughts} fora dos favoritos.`;
    case "etiquetar":
      return `Etiqueta adicionada a ${thoughts}.`;
    case "desetiquetar":
      return `Etiqueta removida de ${thoughts}.`;
    case "exportar":
      return `${thoughts} exportados.`;
    default:
      return `${thoughts} movidos para a lixeira.`;
  }
}
