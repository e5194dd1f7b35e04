import { sql } from "kysely";
import { insertChunks } from "./insert-chunks";
import type { VersionedCount } from "./search-counts";
import { hasLabelOrAuthor, labelAndAuthorSql } from "./thought-filters";
import { type ThoughtRow, thoughtColumns } from "./thought-rows";
import type { ThoughtsDialect } from "./thoughts.dialect";

const flag = (value: boolean) => (value ? 1 : 0);

/** FTS5's own default for automerge (https://sqlite.org/fts5.html#the_automerge_configuration_option). */
const FTS5_DEFAULT_AUTOMERGE = 4;
/** Rows in one insert statement on SQLite (see insertMany). */
const SQLITE_ROWS_PER_STATEMENT = 100;

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

  /**
   * FTS5 merges its index segments a little after every write (automerge); during a bulk insert that work is
   * redone over and over. It is off for the insert and back to FTS5's default (4) in the same transaction, so
   * a failure leaves it as it was, and later writes merge as usual. 100k thoughts: 5.8 s → 4.1 s.
   */
  async insertMany(trx, inputs) {
    await sql`INSERT INTO thoughts_fts(thoughts_fts, rank) VALUES ('automerge', 0)`.execute(trx);
    // 100 rows a statement (not 500): each statement holds the event loop while it runs, about 0.15 ms a row
    // with its search index and labels, and the pacing between statements can only cut between them.
    await insertChunks(trx, inputs, { flag }, SQLITE_ROWS_PER_STATEMENT);
    // A literal: FTS5 refuses a bound value in its configuration commands ("SQL logic error").
    await sql`INSERT INTO thoughts_fts(thoughts_fts, rank) VALUES ('automerge', ${sql.lit(FTS5_DEFAULT_AUTOMERGE)})`.execute(
      trx,
    );
  },
};
