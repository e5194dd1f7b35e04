import { type Kysely, type Migration, sql } from "kysely";

/**
 * The change log behind the live events (issue 42): one row per write, appended in the write's transaction
 * by the repositories (not by triggers: a rename over 30,000 thoughts or an import of 100,000 appends one
 * 'mural' row, where a row trigger would append one per thought). `seq` numbers the rows in commit order
 * (SQLite: INTEGER PRIMARY KEY AUTOINCREMENT, one writer at a time, never reused; PostgreSQL: a BIGSERIAL
 * drawn under a transaction-level advisory lock taken at the append, so numbers are drawn in the order the
 * transactions commit); `thought_id` is null for a 'mural' row; `at` is epoch ms, indexed for the trim by
 * age. `change_log_floor` (one row) says up to which `seq` rows were trimmed: a Last-Event-ID below it gets a
 * 'reset'. The one visible branch: the type of `seq`.
 */
export function changeLog(dialect: "sqlite" | "postgres"): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's Database type.
    async up(db: Kysely<any>) {
      const millis = sql.raw(dialect === "sqlite" ? "INTEGER" : "BIGINT");
      const seq = sql.raw(dialect === "sqlite" ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "BIGSERIAL PRIMARY KEY");
      await sql`CREATE TABLE change_log (
        seq ${seq},
        thought_id INTEGER,
        kind TEXT NOT NULL,
        at ${millis} NOT NULL
      )`.execute(db);
      await sql`CREATE INDEX change_log_at ON change_log (at)`.execute(db);
      await sql`CREATE TABLE change_log_floor (id INTEGER PRIMARY KEY, seq ${millis} NOT NULL)`.execute(db);
      await sql`INSERT INTO change_log_floor (id, seq) VALUES (1, 0)`.execute(db);
    },
    // biome-ignore lint/suspicious/noExplicitAny: see up().
    async down(db: Kysely<any>) {
      await sql`DROP TABLE change_log_floor`.execute(db);
      await sql`DROP TABLE change_log`.execute(db);
    },
  };
}
