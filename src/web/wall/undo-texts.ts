// Apart from wall-texts.ts, which the wall's first visit carries: only the undo line, loaded with the
// forms' chunk, says these.

import { importUndoneText } from "../../domain/import-summary";
import { formatInteger } from "../../domain/pt-br-numbers";

/** The undo line's words, for each change it can undo: offered, undone, and what did not happen. */
export const undoTexts = {
  deleted: {
    offered: "Pensamento excluído.",
    undone: "Pensamento restaurado.",
    failed: "O pensamento não voltou ao mural.",
  },
  unfavorited: {
    offered: "Pensamento removido dos favoritos.",
    undone: "Pensamento de volta aos favoritos.",
    failed: "O pensamento não voltou aos favoritos.",
  },
  bulkDeleted: {
    offered: "Pensamentos movidos para a lixeira.",
    undone: "Pensamentos de volta ao mural.",
    failed: "Os pensamentos não voltaram ao mural.",
  },
  importUndone: {
    offered: "Importação desfeita: os pensamentos foram para a lixeira.",
    undone: "Importação restaurada: os pensamentos voltaram ao mural.",
    failed: "Os pensamentos da importação não voltaram ao mural.",
  },
} as const;

/** The offer's words with its count, when it has one. */
export function offeredText(offer: { kind: keyof typeof undoTexts; ids?: number[]; count?: number }): string {
  const count = offer.ids?.length ?? offer.count;
  if (offer.kind === "bulkDeleted" && count !== undefined) {
    return count === 1
      ? "1 pensamento movido para a lixeira."
      : `${formatInteger(count)} pensamentos movidos para a lixeira.`;
  }
  if (offer.kind === "importUndone" && count !== undefined) return importUndoneText(count);
  return undoTexts[offer.kind].offered;
}
