import { sql, type Transaction } from "kysely";
import { type ChunkedInserts, chunkedInserts, insertAll } from "./insert-chunks";
import type { Database } from "./schema";
import type { VersionedCount } from "./search-counts";
import { hasLabelOrAuthor, labelAndAuthorSql } from "./thought-filters";
import { type ThoughtRow, thoughtColumns } from "./thought-rows";
import type { ThoughtsDialect } from "./thoughts.dialect";

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
 * During an import: the all-at-once merge only as a safety net (the steps below keep levels far under it),
 * and pages of merging after each 100-row statement. At 100,000 thoughts that kept the slowest statement
 * near 10 ms and about 50 segments at the end, where searching costs what it did after a merge.
 */
const IMPORT_CRISISMERGE = 64;
const MERGE_PAGES = 20;
/** Rows in one insert statement on SQLite (see bulkInserts). */
const SQLITE_ROWS_PER_STATEMENT = 100;

/**
 * FTS5 writes each statement's terms as a new segment of its index and merges segments as they pile up.
 * Left to itself it merges a little after every write (automerge), and all at once when a level holds
 * `crisismerge` segments: during a bulk insert that all-at-once merge made one statement run 250-400 ms,
 * holding the thread that runs it that long. For the insert, automerge is off and the crisis threshold far
 * off, and after each chunk a bounded step of merging (about MERGE_PAGES pages) keeps the segments few; both
 * settings go back to FTS5's defaults in the same transaction, so a failure leaves them as they were.
 */
async function bulkInserts(trx: Transaction<Database>): Promise<ChunkedInserts> {
  await ftsSetting(trx, "automerge", 0);
  await ftsSetting(trx, "crisismerge", IMPORT_CRISISMERGE);
  // 100 rows a statement (not 500): on the app's connection each statement holds the event loop while it
  // runs, about 0.15 ms a row with its search index and labels, and pacing can only cut between them.
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
      await ftsSetting(trx, "automerge", FTS5_DEFAULT_AUTOMERGE);
      await ftsSetting(trx, "crisismerge", FTS5_DEFAULT_CRISISMERGE);
    },
  };
}

/** The thought's columns, read from `thoughts` joined as `t`. */
const rowColumns = sql.join(thoughtColumns.map((column) => sql.ref(`t.${column}`)));

/** A quoted FTS5 phrase: with the trigram tokenizer it matches the folded text as a substring. */
const ftsPhrase = (folded: string) => `"${folded.replaceAll('"', '""')}"`;

/** SQLite: booleans are 0/1, and search goes through the FTS5 trigram index `thoughts_fts`. */
export const sqliteThoughts: ThoughtsDialect = {
  flag,
  byCodePoint: (column) => sql<string>`${sql.ref(column)} COLLATE BINARY`,

  /**
   * Reads the FTS index newest first and stops after the page, joining each hit to its row: filtering the
   * table by `id IN (all matches)` would first collect every match, which costs milliseconds at 100k.
   */
  async searchPage(db, search, page) {
    const favorite = search.favorite === undefined ? sql`` : sql`AND t.favorito = ${flag(search.favorite)}`;
    const upTo = page.upTo === undefined ? sql`` : sql`AND f.rowid <= ${page.upTo}`;
    const result = await sql<ThoughtRow>`
      SELECT ${rowColumns}
      FROM thoughts_fts f JOIN thoughts t ON t.id = f.rowid
      WHERE thoughts_fts MATCH ${ftsPhrase(search.text)} ${favorite} ${labelAndAuthorSql(search)} ${upTo}
      ORDER BY f.rowid DESC
      LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
    return result.rows;
  },

  async searchCount(db, search) {
    // Without another filter the FTS index alone answers, never touching the table.
    const version = sql`(SELECT version FROM wall_state)`;
    const favorite = search.favorite === undefined ? sql`` : sql`AND t.favorito = ${flag(search.favorite)}`;
    const result =
      search.favorite === undefined && !hasLabelOrAuthor(search)
        ? await sql<VersionedCount>`SELECT count(*) AS total, ${version} AS version FROM thoughts_fts
            WHERE thoughts_fts MATCH ${ftsPhrase(search.text)}`.execute(db)
        : await sql<VersionedCount>`SELECT count(*) AS total, ${version} AS version FROM thoughts_fts f
            JOIN thoughts t ON t.id = f.rowid
            WHERE thoughts_fts MATCH ${ftsPhrase(search.text)} ${favorite} ${labelAndAuthorSql(search)}`.execute(
            db,
          );
    const row = result.rows[0];
    return { total: Number(row?.total ?? 0), version: Number(row?.version) };
  },

  locksRowsForUpdate: false,
  // Every write transaction begins IMMEDIATE, holding the database's only write lock: nothing to add.
  serializeImports: async () => {},

  /** bulkInserts (above), for a list held whole (the seed script, the benches). */
  async insertMany(trx, inputs) {
    await insertAll(await bulkInserts(trx), inputs);
  },

  bulkInserts,
};
