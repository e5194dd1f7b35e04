import { type Insertable, type Selectable, sql } from "kysely";
import { type Thought, thoughtSchema } from "../../../domain/contract-schemas";
import { authorKey, foldText } from "../../../domain/search-text";
import type { ThoughtImport } from "../../../domain/thought";
import { EPOCH_MS_FIELDS } from "../../../domain/thought-fields";
import type { ThoughtFields, ThoughtsTable } from "../schema";

/**
 * The columns a thought is read from: the contract schema's fields, in its order (the search column is not
 * one of them). A field added to the schema is read, written and mapped without another list to edit.
 */
export const thoughtColumns = Object.keys(thoughtSchema.shape) as (keyof Thought)[];
export type ThoughtRow = Pick<Selectable<ThoughtsTable>, keyof Thought>;

type Field = keyof typeof thoughtSchema.shape;
const kindOf = (field: Field) => thoughtSchema.shape[field].def.type;

/** The fields a write stores: all but the id, which the database gives, and the version, which it moves. */
const writtenColumns = thoughtColumns.filter((column) => column !== "id" && column !== "versao") as Exclude<
  keyof ThoughtFields,
  "versao"
>[];

const inEpochMs = new Set<string>(EPOCH_MS_FIELDS);

/** An instant as stored (epoch ms; pg hands a BIGINT over as a string) and as the API sends it. */
const toInstant = (stored: unknown) => new Date(Number(stored)).toISOString();

/**
 * How a stored value becomes the contract's: pg hands integers over as strings, SQLite booleans as 0/1, a
 * list is JSON text on both, an instant epoch milliseconds.
 */
const readers = thoughtColumns.map((column) => {
  const kind = kindOf(column);
  const read = inEpochMs.has(column)
    ? toInstant
    : kind === "boolean"
      ? Boolean
      : kind === "number"
        ? Number
        : kind === "array"
          ? (value: unknown) => JSON.parse(String(value))
          : (value: unknown) => value;
  return [column, read] as const;
});

/**
 * Joins the searched texts in `busca` (frozen by the first migration). A query holding a line break could
 * match across two fields, so it finds nothing: the search box is one line, and no text is lost.
 */
export const FIELD_SEPARATOR = "\n";

/** The texts `busca` holds: the labels are not among them (a rename would rewrite the search index). */
type Searched = Pick<Thought, "conteudo" | "autoria" | "fonte" | "nota">;

export function toThought(row: ThoughtRow): Thought {
  const thought: Record<string, unknown> = {};
  for (const [column, read] of readers) thought[column] = read(row[column]);
  // Every field of the schema was set above, each converted to its kind.
  return thought as Thought;
}

/**
 * conteudo and autoria, then fonte and nota only when they are not empty: a thought without them keeps the
 * search text it had before they existed, so their migration rewrote no row of the index.
 */
export function searchText(thought: Searched): string {
  const texts = [thought.conteudo, thought.autoria];
  if (thought.fonte !== "") texts.push(thought.fonte);
  if (thought.nota !== "") texts.push(thought.nota);
  return texts.map(foldText).join(FIELD_SEPARATOR);
}

/** Whether a change of these fields rewrites the derived columns (search text, author's key). */
export const changesDerived = (patch: Partial<Searched>) =>
  patch.conteudo !== undefined ||
  patch.autoria !== undefined ||
  patch.fonte !== undefined ||
  patch.nota !== undefined;

/** What a thought's new or changed row holds of the server's dates, `now` in epoch ms. */
export const touchedAt = (now: number) => ({ atualizadoEm: now });

/** Every change of a thought moves its version, in the change's own statement (issue 42). */
export const nextVersion = sql<number>`versao + 1`;

/**
 * The given fields as the table stores them: booleans in the dialect's form (`flag`), lists as JSON text,
 * instants (ISO 8601) as epoch milliseconds.
 */
export function toStored(
  fields: Partial<ThoughtImport>,
  flag: (value: boolean) => number | boolean,
): Partial<ThoughtFields> {
  const stored: Record<string, unknown> = {};
  for (const column of writtenColumns) {
    const value = fields[column];
    if (value === undefined) continue;
    stored[column] = inEpochMs.has(column)
      ? Date.parse(String(value))
      : typeof value === "boolean"
        ? flag(value)
        : Array.isArray(value)
          ? JSON.stringify(value)
          : value;
  }
  // Only columns of ThoughtFields were set, each from the input's field of that name.
  return stored as Partial<ThoughtFields>;
}

/** The columns derived from the texts: the search column and the author's key. */
export function derivedColumns(thought: Searched) {
  return { busca: searchText(thought), autoria_chave: authorKey(thought.autoria) };
}

/**
 * A new thought as the table stores it: its fields, the columns derived from its texts, and its dates:
 * those an import gives (criadoEm from its source; atualizadoEm never before it), else `now` (epoch ms).
 */
export function toNewRow(
  input: ThoughtImport,
  flag: (value: boolean) => number | boolean,
  now: number,
): Insertable<ThoughtsTable> {
  const stored = toStored(input, flag) as ThoughtFields;
  const created = stored.criadoEm === undefined ? now : Number(stored.criadoEm);
  const updated =
    stored.atualizadoEm === undefined ? created : Math.max(created, Number(stored.atualizadoEm));
  return { ...stored, criadoEm: created, atualizadoEm: updated, versao: 1, ...derivedColumns(input) };
}
