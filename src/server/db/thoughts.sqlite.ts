import { sql } from "kysely";
import type { VersionedCount } from "./search-counts";
import type { ThoughtRow } from "./thought-rows";
import type { ThoughtsDialect } from "./thoughts.dialect";

const flag = (value: boolean) => (value ? 1 : 0);

/** A quoted FTS5 phrase: with the trigram tokenizer it matches the folded text as a substring. */
const ftsPhrase = (folded: string) => `"${folded.replaceAll('"', '""')}"`;

/** SQLite: booleans are 0/1, and search goes through the FTS5 trigram index `thoughts_fts`. */
export const sqliteThoughts: ThoughtsDialect = {
  flag,

  /**
   * Reads the FTS index newest first and stops after the page, joining each hit to its row: filtering the
   * table by `id IN (all matches)` would first collect every match, which costs milliseconds at 100k.
   */
  async searchPage(db, search, page) {
    const favorite = search.favorite === undefined ? sql`` : sql`AND t.favorito = ${flag(search.favorite)}`;
    const upTo = page.upTo === undefined ? sql`` : sql`AND f.rowid <= ${page.upTo}`;
    const result = await sql<ThoughtRow>`
      SELECT t.id, t.conteudo, t.autoria, t.modelo, t.favorito
      FROM thoughts_fts f JOIN thoughts t ON t.id = f.rowid
      WHERE thoughts_fts MATCH ${ftsPhrase(search.text)} ${favorite} ${upTo}
      ORDER BY f.rowid DESC
      LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
    return result.rows;
  },

  async searchCount(db, search) {
    // Without the favorite filter the FTS index alone answers, never touching the table.
    const version = sql`(SELECT version FROM wall_state)`;
    const result =
      search.favorite === undefined
        ? await sql<VersionedCount>`SELECT count(*) AS total, ${version} AS version FROM thoughts_fts
            WHERE thoughts_fts MATCH ${ftsPhrase(search.text)}`.execute(db)
        : await sql<VersionedCount>`SELECT count(*) AS total, ${version} AS version FROM thoughts_fts f
            JOIN thoughts t ON t.id = f.rowid
            WHERE thoughts_fts MATCH ${ftsPhrase(search.text)} AND t.favorito = ${flag(search.favorite)}`.execute(
            db,
          );
    const row = result.rows[0];
    return { total: Number(row?.total ?? 0), version: Number(row?.version) };
  },

  locksRowsForUpdate: false,
  readsPageWithAccess: false,
  // Every write transaction begins IMMEDIATE, holding the database's only write lock: nothing to add.
  serializeImports: async () => {},
};
