import type { Transaction } from "kysely";
import type { ThoughtInput } from "../../domain/thought";
import type { Database } from "./schema";
import { toNewRow } from "./thought-rows";
import type { ThoughtsDialect } from "./thoughts.dialect";

/** 500 rows of 5 values: 2,500 bound parameters, well under SQLite's 32,766 per statement. */
const INSERT_CHUNK = 500;

/** Inserts the thoughts in order (so ids follow the list) in multi-row statements, inside the caller's transaction. */
export async function insertChunks(
  trx: Transaction<Database>,
  inputs: readonly ThoughtInput[],
  dialect: Pick<ThoughtsDialect, "flag">,
): Promise<void> {
  for (let start = 0; start < inputs.length; start += INSERT_CHUNK) {
    const chunk = inputs.slice(start, start + INSERT_CHUNK);
    await trx
      .insertInto("thoughts")
      .values(chunk.map((input) => toNewRow(input, dialect.flag)))
      .execute();
  }
}
