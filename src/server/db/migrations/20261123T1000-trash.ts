import { type Kysely, type Migration, sql } from "kysely";

/**
 * `trash`: the thoughts deleted from the wall, each under its own id (ids are never reused, so a restore
 * puts it back in its own place), with the time it was deleted (epoch ms). A separate table, so every
 * read of `thoughts`, its triggers (wall_state, the search index) and its indexes stay as they were: a
 * trashed thought is simply not on the wall. The columns have the types of `thoughts` on each dialect.
 * Frozen like every migration: it takes a database it does not type (`Kysely<unknown>`).
 */
export function trash(dialect: "sqlite" | "postgres"): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // The types of `thoughts` on each dialect; the id is a plain INTEGER, given by `thoughts` (SERIAL and
      // INTEGER PRIMARY KEY AUTOINCREMENT are both integers).
      const [flag, millis] =
        dialect === "sqlite"
          ? [sql.raw("INTEGER CHECK (favorito IN (0, 1))"), sql.raw("INTEGER")]
          : [sql.raw("BOOLEAN"), sql.raw("BIGINT")];
      await sql`CREATE TABLE trash (
        id INTEGER PRIMARY KEY,
        conteudo TEXT NOT NULL,
        autoria TEXT NOT NULL,
        modelo TEXT NOT NULL CHECK (modelo IN ('modelo1', 'modelo2', 'modelo3')),
        favorito ${flag} NOT NULL,
        deleted_at ${millis} NOT NULL
      )`.execute(db);
      // Serves both the purge (deleted_at below a bound) and the listing, newest deletion first with the id
      // breaking ties, without a sort.
      await sql`CREATE INDEX trash_deleted_at ON trash (deleted_at, id)`.execute(db);
    },
    // The trashed thoughts go with the table: the person deleted them, and the version rolled back to has
    // no trash to show them in.
    async down(db: Kysely<unknown>) {
      await sql`DROP TABLE trash`.execute(db);
    },
  };
}
