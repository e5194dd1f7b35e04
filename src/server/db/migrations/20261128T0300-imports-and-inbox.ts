import { type Kysely, type Migration, sql } from "kysely";

/**
 * What an import brought, so that it can be undone, and the private inbox's secret:
 *
 * - `imports`: one row per import that added thoughts (when, what kind of file, how many thoughts);
 * - `import_id` on `thoughts` and on `trash` (a trashed thought keeps it, so a restore keeps it too): the
 *   import a thought came in with, written once, by the import's own insert; NULL for every thought written
 *   by hand and every thought already there. Indexed where set, on both tables (an undo reads one import's
 *   thoughts, its 'Desfazer' the trash's rows of that import at that instant);
 * - `inbox_secrets`: the one secret (row id 1) that the inbox address carries; a rotation replaces it.
 *
 * Both databases add a nullable column without rewriting a row. Frozen like every migration: it takes a
 * database it does not type. The one visible branch: the id's type.
 */
export function importsAndInbox(dialect: "sqlite" | "postgres"): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's Database type.
    async up(db: Kysely<any>) {
      const [serial, millis] =
        dialect === "sqlite"
          ? [sql.raw("INTEGER PRIMARY KEY AUTOINCREMENT"), sql.raw("INTEGER")]
          : [sql.raw("SERIAL PRIMARY KEY"), sql.raw("BIGINT")];
      await sql`CREATE TABLE imports (
        id ${serial},
        created_at ${millis} NOT NULL,
        kind TEXT NOT NULL,
        total INTEGER NOT NULL
      )`.execute(db);
      await sql`CREATE INDEX imports_created_at ON imports (created_at, id)`.execute(db);
      for (const table of ["thoughts", "trash"]) {
        await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN import_id INTEGER`.execute(db);
      }
      // The import's id alone: with "atualizadoEm" in it, every change of a thought (a label's rename over
      // 30,000 of them among others) would change an indexed column, and PostgreSQL could no longer rewrite
      // the row beside itself on its page (HOT; see 20261127T1400-thoughts-room-for-label-rewrites).
      await sql`CREATE INDEX thoughts_import_id ON thoughts (import_id)
        WHERE import_id IS NOT NULL`.execute(db);
      await sql`CREATE INDEX trash_import_id ON trash (import_id, deleted_at)
        WHERE import_id IS NOT NULL`.execute(db);
      await sql`CREATE TABLE inbox_secrets (
        id INTEGER PRIMARY KEY,
        secret TEXT NOT NULL,
        created_at ${millis} NOT NULL
      )`.execute(db);
    },
    // biome-ignore lint/suspicious/noExplicitAny: see up().
    async down(db: Kysely<any>) {
      await sql`DROP TABLE inbox_secrets`.execute(db);
      await sql`DROP INDEX trash_import_id`.execute(db);
      await sql`DROP INDEX thoughts_import_id`.execute(db);
      for (const table of ["thoughts", "trash"]) {
        await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN import_id`.execute(db);
      }
      await sql`DROP TABLE imports`.execute(db);
    },
  };
}
