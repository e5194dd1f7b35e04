import type { Insertable, Selectable } from "kysely";
import type { Thought } from "../../domain/contract";
import { foldText } from "../../domain/search-text";
import type { ThoughtInput } from "../../domain/thought";
import type { ThoughtsTable } from "./schema";

/** The columns a thought is read from: every one but the search column. */
export const thoughtColumns = ["id", "conteudo", "autoria", "modelo", "favorito"] as const;
export type ThoughtRow = Pick<Selectable<ThoughtsTable>, (typeof thoughtColumns)[number]>;

/**
 * Joins conteudo and autoria in `busca` (frozen by the first migration). A query holding a line break could
 * match across the two fields, so it finds nothing: the search box is one line, and no text is lost.
 */
export const FIELD_SEPARATOR = "\n";

export function toThought(row: ThoughtRow): Thought {
  return {
    id: Number(row.id),
    conteudo: row.conteudo,
    autoria: row.autoria,
    modelo: row.modelo as Thought["modelo"],
    favorito: Boolean(row.favorito),
  };
}

export function searchText(thought: Pick<Thought, "conteudo" | "autoria">): string {
  return `${foldText(thought.conteudo)}${FIELD_SEPARATOR}${foldText(thought.autoria)}`;
}

/** A new thought as the table stores it: the flag in the dialect's form, and its search column. */
export function toNewRow(
  input: ThoughtInput,
  flag: (value: boolean) => number | boolean,
): Insertable<ThoughtsTable> {
  return {
    conteudo: input.conteudo,
    autoria: input.autoria,
    modelo: input.modelo,
    favorito: flag(input.favorito),
    busca: searchText(input),
  };
}
