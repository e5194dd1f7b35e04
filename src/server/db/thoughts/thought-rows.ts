import type { Insertable, Selectable } from "kysely";
import { type Thought, thoughtSchema } from "../../../domain/contract-schemas";
import { authorKey, foldText } from "../../../domain/search-text";
import type { ThoughtInput } from "../../../domain/thought";
import type { ThoughtFields, ThoughtsTable } from "../schema";

/**
 * The columns a thought is read from: the contract schema's fields, in its order (the search column is not
 * one of them). A field added to the schema is read, written and mapped without another list to edit.
 */
export const thoughtColumns = Object.keys(thoughtSchema.shape) as (keyof Thought)[];
export type ThoughtRow = Pick<Selectable<ThoughtsTable>, keyof Thought>;

type Field = keyof typeof thoughtSchema.shape;
const kindOf = (field: Field) => thoughtSchema.shape[field].def.type;

/** The fields a write stores: all but the id, which the database gives. */
const writtenColumns = thoughtColumns.filter((column) => column !== "id") as (keyof ThoughtFields)[];

/**
 * How a stored value becomes the contract's: pg hands integers over as strings, SQLite booleans as 0/1, and
 * a list is JSON text on both.
 */
const readers = thoughtColumns.map((column) => {
  const kind = kindOf(column);
  const read =
    kind === "boolean"
      ? Boolean
      : kind === "number"
        ? Number
        : kind === "array"
          ? (value: unknown) => JSON.parse(String(value))
          : (value: unknown) => value;
  return [column, read] as const;
});

/**
 * Joins conteudo and autoria in `busca` (frozen by the first migration). A query holding a line break could
 * match across the two fields, so it finds nothing: the search box is one line, and no text is lost.
 */
export const FIELD_SEPARATOR = "\n";

export function toThought(row: ThoughtRow): Thought {
  const thought: Record<string, unknown> = {};
  for (const [column, read] of readers) thought[column] = read(row[column]);
  // Every field of the schema was set above, each converted to its kind.
  return thought as Thought;
}

export function searchText(thought: Pick<Thought, "conteudo" | "autoria">): string {
  return `${foldText(thought.conteudo)}${FIELD_SEPARATOR}${foldText(thought.autoria)}`;
}

/** The given fields as the table stores them: booleans in the dialect's form (`flag`), lists as JSON text. */
export function toStored(
  fields: Partial<ThoughtInput>,
  flag: (value: boolean) => number | boolean,
): Partial<ThoughtFields> {
  const stored: Record<string, unknown> = {};
  for (const column of writtenColumns) {
    const value = fields[column];
    if (value === undefined) continue;
    stored[column] =
      typeof value === "boolean" ? flag(value) : Array.isArray(value) ? JSON.stringify(value) : value;
  }
  // Only columns of ThoughtFields were set, each from the input's field of that name.
  return stored as Partial<ThoughtFields>;
}

/** The columns derived from the texts: the search column and the author's key. */
export function derivedColumns(thought: Pick<Thought, "conteudo" | "autoria">) {
  return { busca: searchText(thought), autoria_chave: authorKey(thought.autoria) };
}

/** A new thought as the table stores it: its fields, and the columns derived from its texts. */
export function toNewRow(
  input: ThoughtInput,
  flag: (value: boolean) => number | boolean,
): Insertable<ThoughtsTable> {
  return { ...(toStored(input, flag) as ThoughtFields), ...derivedColumns(input) };
}
