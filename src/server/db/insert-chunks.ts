import type { Transaction } from "kysely";
import type { ThoughtInput } from "../../domain/thought";
import { pacer } from "../import/pace";
import type { Database } from "./schema";
import { insertLabelRows } from "./thought-labels";
import { toNewRow } from "./thought-rows";
import type { ThoughtsDialect } from "./thoughts.dialect";

/** 500 rows of 5 values: 2,500 bound parameters, well under SQLite's 32,766 per statement. */
const INSERT_CHUNK = 500;

export interface InsertChunkOptions {
  /** Rows in one insert statement (default 500). */
  rowsPerStatement?: number;
  /** Run after each chunk's statements, in the same transaction (SQLite merges its search index there). */
  afterChunk?: (trx: Transaction<Database>) => Promise<void>;
}

/**
 * Inserts the thoughts in order (so ids follow the list) in multi-row statements, inside the caller's
 * transaction, then the label rows of those that have labels. The ids come back from the insert in the
 * order of its rows on both databases (one statement, rows inserted as listed), which pairs each with its
 * thought; a chunk without labels asks for no ids. Between chunks the event loop gets a turn every 10 ms
 * or so: on SQLite every statement runs synchronously, and 100,000 thoughts take seconds.
 */
export async function insertChunks(
  trx: Transaction<Database>,
  inputs: readonly ThoughtInput[],
  dialect: Pick<ThoughtsDialect, "flag">,
  { rowsPerStatement = INSERT_CHUNK, afterChunk }: InsertChunkOptions = {},
): Promise<void> {
  const pace = pacer();
  for (let start = 0; start < inputs.length; start += rowsPerStatement) {
    await pace();
    const chunk = inputs.slice(start, start + rowsPerStatement);
    const insert = trx.insertInto("thoughts").values(chunk.map((input) => toNewRow(input, dialect.flag)));
    if (!chunk.some((input) => input.etiquetas.length > 0)) {
      await insert.execute();
    } else {
      const ids = await insert.returning("id").execute();
      await insertLabelRows(
        trx,
        chunk.map((input, at) => ({ id: Number(ids[at]?.id), labels: input.etiquetas })),
      );
    }
    await afterChunk?.(trx);
  }
}
