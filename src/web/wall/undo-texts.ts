// Apart from wall-texts.ts, which the wall's first visit carries: only the undo line, loaded with the
// forms' chunk, says these.

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
