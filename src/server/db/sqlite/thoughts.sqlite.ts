import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../schema";
import { type ChunkedInserts, chunkedInserts } from "../thoughts/insert-chunks";
import { listFilter, narrows } from "../thoughts/list-filter";
import { thoughtColumns } from "../thoughts/thought-rows";
import type { TextSearch, ThoughtsDialect } from "../thoughts/thoughts.dialect";
import { lockLabelled, relabeledJson } from "./labels.sqlite";

/**
 * One of FTS5's commands on the search index. A literal: FTS5 refuses a bound value in its configuration
 * commands ("SQL logic error").
 */
async function ftsSetting(trx: Transaction<Database>, command: string, value: number): Promise<void> {
  await sql`INSERT INTO thoughts_fts(thoughts_fts, rank) VALUES (${sql.lit(command)}, ${sql.lit(value)})`.execute(
    trx,
  );
}

const flag = (value: boolean) => (value ? 1 : 0);

/** FTS5's own defaults for automerge and crisismerge (https://sqlite.org/fts5.html, "configuration options"). */
const FTS5_DEFAULT_AUTOMERGE = 4;
const FTS5_DEFAULT_CRISISMERGE = 16;
/**
 * During a bulk insert: the all-at-once merge only as a safety net (the steps below keep levels far under
 * it), and pages of merging after each 100-row statement.
 */
const IMPORT_CRISISMERGE = 64;
const MERGE_PAGES = 20;
/** Rows in one insert statement on SQLite (see bulkInserts). */
const SQLITE_ROWS_PER_STATEMENT = 100;

/**
 * FTS5 writes each statement's terms as a new segment of its index and merges segments as they pile up.
 * Left to itself it merges a little after every write (automerge), and all at once when a level holds
 * `crisismerge` segments: during a bulk insert that all-at-once merge made one statement run 250-400 ms and
 * took its memory all at once (an import of 100,000 thoughts grew the server by about 40 MiB more than with
 * the steps). For the insert, automerge is off and the crisis threshold far off, a bounded step of merging
 * (about MERGE_PAGES pages) follows each chunk, and bounded steps at the end leave few segments (mergeDown);
 * both settings go back to FTS5's defaults in the same transaction, so a failure leaves them as they were.
 */
async function bulkInserts(trx: Transaction<Database>): Promise<ChunkedInserts> {
  await ftsSetting(trx, "automerge", 0);
  await ftsSetting(trx, "crisismerge", IMPORT_CRISISMERGE);
  // 100 rows a statement (not 500): on the app's connection (an in-memory database, the seed script) each
  // statement holds the event loop while it runs, and pacing can only cut between them.
  const inserts = chunkedInserts(
    trx,
    { flag },
    {
      rowsPerStatement: SQLITE_ROWS_PER_STATEMENT,
      afterChunk: (chunkTrx) => ftsSetting(chunkTrx, "merge", MERGE_PAGES),
    },
  );
  return {
    add: inserts.add,
    async end() {
      await inserts.end();
      await mergeDown(trx);
      await ftsSetting(trx, "automerge", FTS5_DEFAULT_AUTOMERGE);
      await ftsSetting(trx, "crisismerge", FTS5_DEFAULT_CRISISMERGE);
    },
  };
}

/** Segments left after an import: about what FTS5's own merging leaves. */
const SEGMENTS_AFTER_IMPORT = 16;
const FINAL_MERGE_PAGES = 500;

/**
 * Merges the index in bounded steps until few segments are left. The steps during the insert keep memory
 * and each statement small but left dozens of segments after a large import, and a search reads every one
 * of them: at 1,000,000 thoughts the first page of a search took 4.6× the wall's first page (1.9× now).
 * Three steps in a row that leave as many segments end the loop.
 */
async function mergeDown(trx: Transaction<Database>): Promise<void> {
  let segments = await segmentCount(trx);
  let idle = 0;
  while (segments > SEGMENTS_AFTER_IMPORT && idle < 3) {
    await ftsSetting(trx, "merge", FINAL_MERGE_PAGES);
    const left = await segmentCount(trx);
    idle = left < segments ? 0 : idle + 1;
    segments = left;
  }
}

async function segmentCount(trx: Transaction<Database>): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(DISTINCT segid) AS n FROM thoughts_fts_idx`.execute(
    trx,
  );
  return Number(rows[0]?.n ?? 0);
}

/** A quoted FTS5 phrase: with the trigram tokenizer it matches the folded text as a substring. */
const ftsPhrase = (folded: string) => `"${folded.replaceAll('"', '""')}"`;

/** The FTS index's hits for the text (its hidden column of the table's own name takes MATCH). */
const hits = (db: Kysely<Database>, search: TextSearch) =>
  db.selectFrom("thoughts_fts").where("thoughts_fts.thoughts_fts", "match", ftsPhrase(search.text));

/** The hits joined to their rows, narrowed by the list's filter. */
const matching = (db: Kysely<Database>, search: TextSearch) =>
  hits(db, search).innerJoin("thoughts", "thoughts.id", "thoughts_fts.rowid").where(listFilter(search, flag));

/** SQLite: booleans are 0/1, and search goes through the FTS5 trigram index `thoughts_fts`. */
export const sqliteThoughts: ThoughtsDialect = {
  flag,
  byCodePoint: (column) => sql<string>`${sql.ref(column)} COLLATE BINARY`,

  /**
   * Reads the FTS index newest first and stops after the page, joining each hit to its row: filtering the
   * table by `id IN (all matches)` would first collect every match, which costs milliseconds at 100k.
   */
  searchPage: (db, search, page) =>
    matching(db, search)
      .$if(page.upTo !== undefined, (query) => query.where("thoughts_fts.rowid", "<=", page.upTo ?? 0))
      .select(thoughtColumns.map((column) => `thoughts.${column}` as const))
      .orderBy("thoughts_fts.rowid", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),

  async searchCount(db, search) {
    // Without a filter the FTS index alone answers, never touching the table.
    const counted = narrows(search) ? matching(db, search) : hits(db, search);
    const row = await counted
      .select((eb) => [
        eb.fn.countAll<number>().as("total"),
        eb.selectFrom("wall_state").select("version").as("version"),
      ])
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), version: Number(row.version) };
  },

  locksRowsForUpdate: false,
  // Every write transaction begins IMMEDIATE, holding the database's only write lock: nothing to add.
  serializeImports: async () => {},

  bulkInserts,
  lockLabelled,
  relabeledJson,
};
