import { sqliteChangeLog } from "../changes/change-log";
import { sql, type Transaction } from "kysely";
import type { Database } from "../schema";
import { type ChunkedInserts, chunkedInserts } from "../thoughts/insert-chunks";
import type { SearchWord } from "../thoughts/list-filter";
import { listFilter, narrows } from "../thoughts/list-filter";
import type { ThoughtsDialect } from "../thoughts/thoughts.dialect";
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

/** Past this many segments after an import, the index is merged into one (mergeDown). */
const SEGMENTS_AFTER_IMPORT = 16;
const FINAL_MERGE_PAGES = 500;

/**
 * Merges the index in bounded steps (about FINAL_MERGE_PAGES pages written each) into one segment when the
 * insert left many: a search reads every segment, newest first, so their number is what a search pays at
 * the top of a large wall. The steps during the insert keep memory and each statement small but leave
 * dozens of segments on several levels (32 after 100,000 thoughts, 51 after 1,000,000), and FTS5's positive
 * 'merge' only merges segments of one level, so it soon does nothing: at 1,000,000 thoughts the first page
 * of `q=amor` read 2.8 ms in SQLite over 51 segments against 0.11 ms over one, and two words 15.8 ms
 * against 0.35 ms (2026-11-27, load 8-10). A negative 'merge' puts every segment on one level and merges
 * them all (https://sqlite.org/fts5.html, "the merge command"): rewriting the index once costs about 4 s of
 * a 100,000-thought import on this loaded machine, each step at most 0.4 s, in the import's worker thread.
 * Three steps in a row that leave as many segments end the loop.
 */
async function mergeDown(trx: Transaction<Database>): Promise<void> {
  let segments = await segmentCount(trx);
  if (segments <= SEGMENTS_AFTER_IMPORT) return;
  let idle = 0;
  while (segments > 1 && idle < 3) {
    await ftsSetting(trx, "merge", -FINAL_MERGE_PAGES);
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

/** FTS5's query for thoughts holding every one of the words (phrases side by side are ANDed). */
const ftsQuery = (words: readonly SearchWord[]) => words.map((word) => ftsPhrase(word.text)).join(" ");

/** SQLite: booleans are 0/1, and search goes through the FTS5 trigram index `thoughts_fts`. */
export const sqliteThoughts: ThoughtsDialect = {
  flag,
  // On the row at hand: instr() needs no escaping of LIKE's wildcards, and the column is folded already.
  holds: (eb, word, column = "thoughts.busca") =>
    eb(eb.fn("instr", [eb.ref(column), eb.val(word.text)]), ">", 0),
  byCodePoint: (column) => sql<string>`${sql.ref(column)} COLLATE BINARY`,

  /**
   * Reads the FTS index newest first and stops at the window's end, joining each hit to its row only when
   * the filter has something to check there: filtering the table by `id IN (all matches)` would first
   * collect every match, which costs milliseconds at 100k. FTS5 ANDs the words' phrases itself.
   */
  textIds(db, words, filter, { limit, upTo }) {
    const hits = db.selectFrom("thoughts_fts").where("thoughts_fts.thoughts_fts", "match", ftsQuery(words));
    if (!narrows(filter)) {
      return hits
        .select("thoughts_fts.rowid as id")
        .$if(upTo !== undefined, (query) => query.where("thoughts_fts.rowid", "<=", upTo ?? 0))
        .orderBy("thoughts_fts.rowid", "desc")
        .$if(limit !== undefined, (query) => query.limit(limit ?? 0));
    }
    return hits
      .innerJoin("thoughts", "thoughts.id", "thoughts_fts.rowid")
      .where(listFilter(filter, sqliteThoughts))
      .select("thoughts_fts.rowid as id")
      .$if(upTo !== undefined, (query) => query.where("thoughts_fts.rowid", "<=", upTo ?? 0))
      .orderBy("thoughts_fts.rowid", "desc")
      .$if(limit !== undefined, (query) => query.limit(limit ?? 0));
  },

  locksRowsForUpdate: false,
  // Every write transaction begins IMMEDIATE, holding the database's only write lock: nothing to add.
  serializeImports: async () => {},

  bulkInserts,
  lockLabelled,
  relabeledJson,
  changeLog: sqliteChangeLog,
};
