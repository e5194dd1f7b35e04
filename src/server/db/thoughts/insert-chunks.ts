import type { Transaction } from "kysely";
import type { ThoughtImport } from "../../../domain/thought";
import { pacer } from "../pace";
import type { Database } from "../schema";
import type { StoredFlag } from "./list-filter";
import { insertLabelRows } from "./thought-labels";
import { toNewRow } from "./thought-rows";

/** 500 rows of 12 values: 6,000 bound parameters, well under SQLite's 32,766 per statement. */
const INSERT_CHUNK = 500;

export interface InsertChunkOptions {
  /** Rows in one insert statement (default 500). */
  rowsPerStatement?: number;
  /** Run after each chunk's statements, in the same transaction (SQLite merges its search index there). */
  afterChunk?: (trx: Transaction<Database>) => Promise<void>;
  /** The import the thoughts come in with (`imports.id`), written on each of their rows. */
  importId?: number;
}

/** Thoughts handed over one at a time and inserted by chunks; `end` writes the last, partial one. */
export interface ChunkedInserts {
  add(input: ThoughtImport): Promise<void>;
  end(): Promise<void>;
}

/**
 * Inserts the thoughts in the order they are added (so ids follow it) in multi-row statements, inside the
 * caller's transaction, then the label rows of those that have labels. The ids come back from the insert in
 * the order of its rows on both databases (one statement, rows inserted as listed), which pairs each with
 * its thought; a chunk without labels asks for no ids. One chunk's statements are in flight while the next
 * chunk is gathered: the database inserts one while the caller reads, checks and folds the next (in an
 * import of 100,000 on PostgreSQL the two took about 8 s each, one after the other), and at most two chunks
 * are held. Between chunks the event loop gets a turn every 10 ms or so: the statements of the app's SQLite
 * connection run synchronously.
 */
export function chunkedInserts(
  trx: Transaction<Database>,
  dialect: { flag: StoredFlag },
  { rowsPerStatement = INSERT_CHUNK, afterChunk, importId }: InsertChunkOptions = {},
): ChunkedInserts {
  const pace = pacer();
  let chunk: ThoughtImport[] = [];
  // The chunk the database is writing, if any: the next waits for it (one statement at a time on the
  // transaction's connection), and so does `end`. Its failure is thrown there; until then it is held,
  // not unhandled.
  let inFlight: Promise<void> = Promise.resolve();

  async function write(inputs: readonly ThoughtImport[]): Promise<void> {
    const now = Date.now();
    const insert = trx.insertInto("thoughts").values(
      inputs.map((input) => ({
        ...toNewRow(input, dialect.flag, now),
        ...(importId === undefined ? {} : { import_id: importId }),
      })),
    );
    if (!inputs.some((input) => input.etiquetas.length > 0)) {
      await insert.execute();
    } else {
      const ids = await insert.returning("id").execute();
      await insertLabelRows(
        trx,
        inputs.map((input, at) => ({ id: Number(ids[at]?.id), labels: input.etiquetas })),
      );
    }
    await afterChunk?.(trx);
  }

  async function flush(): Promise<void> {
    if (chunk.length === 0) return;
    const inputs = chunk;
    chunk = [];
    await inFlight;
    await pace();
    inFlight = write(inputs);
    inFlight.catch(() => {});
  }

  return {
    async add(input) {
      chunk.push(input);
      if (chunk.length >= rowsPerStatement) await flush();
    },
    async end() {
      await flush();
      await inFlight;
    },
  };
}

/** All the thoughts, through ChunkedInserts. */
export async function insertAll(inserts: ChunkedInserts, inputs: Iterable<ThoughtImport>): Promise<void> {
  for (const input of inputs) await inserts.add(input);
  await inserts.end();
}
