import { type Kysely, type Migration, sql } from "kysely";

/**
 * A thought's version (`versao`, issue 42), on `thoughts` and on `trash` (a deleted thought keeps it, and its
 * restore moves it on): 1 for every thought already there, as for a new one. An INTEGER NOT NULL DEFAULT 1,
 * which both databases add to a table of any size without rewriting a row, and which no index holds, so the
 * UPDATEs that move it stay HOT on PostgreSQL. The repositories move it (`versao = versao + 1`) in each
 * write's own statement, and `If-Match` is checked in that same statement (`WHERE id = ? AND versao IN …`) or
 * under the row's lock: no trigger, which SQLite could only write as a second UPDATE of every row. The same
 * on both databases. Frozen like every migration.
 */
export function thoughtVersions(_dialect: "sqlite" | "postgres"): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's Database type.
    async up(db: Kysely<any>) {
      for (const table of ["thoughts", "trash"]) {
        await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN versao INTEGER NOT NULL DEFAULT 1`.execute(db);
      }
    },
    // biome-ignore lint/suspicious/noExplicitAny: see up().
    async down(db: Kysely<any>) {
      for (const table of ["thoughts", "trash"]) {
        await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN versao`.execute(db);
      }
    },
  };
}
