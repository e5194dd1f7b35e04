// Apart from wall-texts.ts: only the undo line, loaded on demand, says these, and a module the wall's first
// visit shares would carry them into the first-visit bundle.

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
} as const;
