import { type Kysely, type Migration, sql } from "kysely";

/** The tables that hold a thought's fields: the wall, and the trash (a deleted thought keeps every field). */
const TABLES = ["thoughts", "trash"] as const;

/** How far apart the dates given to the thoughts already there are: one second per later thought. */
const STEP_MS = 1000;

/**
 * A thought's source (`fonte`), where in it (`local`), the reader's note (`nota`), and when it was added
 * (`criadoEm`) and last changed (`atualizadoEm`), on `thoughts` and on `trash`.
 *
 * The texts are NOT NULL DEFAULT '' (none is '', as the API sends it), which both databases add without
 * rewriting a row. The dates are epoch milliseconds (a BIGINT; SQLite's INTEGER holds 64 bits). The
 * thoughts already there, on the wall and in the trash (which share one sequence of ids), get dates in the
 * order of their ids: the newest gets the time of the migration and each older one a second before the
 * next, so the oldest has the earliest instant and every two differ; atualizadoEm = criadoEm. One UPDATE
 * per table, with a window function over every id (SQLite 3.33 and PostgreSQL both take UPDATE … FROM).
 *
 * The search column needs no rewrite: a thought without fonte and nota keeps the search text it had.
 * Indexes serve json-server's sorts (`_sort`) on criadoEm, autoria and fonte, each ending on the id. The
 * texts' indexes are in code point order, as those sorts compare them: SQLite's BINARY is that order by
 * default, PostgreSQL needs COLLATE "C" (the one visible branch). Frozen like every migration: it takes a
 * database it does not type.
 */
export function sourcesNotesDates(dialect: "sqlite" | "postgres"): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's Database type.
    async up(db: Kysely<any>) {
      const millis = sql.raw(dialect === "sqlite" ? "INTEGER" : "BIGINT");
      for (const table of TABLES) {
        const name = sql.table(table);
        await sql`ALTER TABLE ${name} ADD COLUMN fonte TEXT NOT NULL DEFAULT ''`.execute(db);
        await sql`ALTER TABLE ${name} ADD COLUMN "local" TEXT NOT NULL DEFAULT ''`.execute(db);
        await sql`ALTER TABLE ${name} ADD COLUMN nota TEXT NOT NULL DEFAULT ''`.execute(db);
        await sql`ALTER TABLE ${name} ADD COLUMN "criadoEm" ${millis} NOT NULL DEFAULT 0`.execute(db);
        await sql`ALTER TABLE ${name} ADD COLUMN "atualizadoEm" ${millis} NOT NULL DEFAULT 0`.execute(db);
      }
      const newest = sql.lit(Date.now());
      const step = sql.lit(STEP_MS);
      for (const table of TABLES) {
        const name = sql.table(table);
        await sql`UPDATE ${name} SET "criadoEm" = dated.at, "atualizadoEm" = dated.at
          FROM (
            SELECT id, ${newest} - (ROW_NUMBER() OVER (ORDER BY id DESC) - 1) * ${step} AS at
            FROM (SELECT id FROM thoughts UNION ALL SELECT id FROM trash) AS every_id
          ) AS dated
          WHERE ${name}.id = dated.id`.execute(db);
      }
      await sql`CREATE INDEX thoughts_criado_em_id ON thoughts ("criadoEm", id)`.execute(db);
      if (dialect === "sqlite") {
        await sql`CREATE INDEX thoughts_autoria_id ON thoughts (autoria, id)`.execute(db);
        await sql`CREATE INDEX thoughts_fonte_id ON thoughts (fonte, id)`.execute(db);
      } else {
        await sql`CREATE INDEX thoughts_autoria_id ON thoughts (autoria COLLATE "C", id)`.execute(db);
        await sql`CREATE INDEX thoughts_fonte_id ON thoughts (fonte COLLATE "C", id)`.execute(db);
      }
    },
    // The fields go with their columns: the version rolled back to has nowhere to show them.
    // biome-ignore lint/suspicious/noExplicitAny: see up().
    async down(db: Kysely<any>) {
      for (const index of ["thoughts_criado_em_id", "thoughts_autoria_id", "thoughts_fonte_id"]) {
        await sql`DROP INDEX ${sql.id(index)}`.execute(db);
      }
      for (const table of TABLES) {
        for (const column of ["fonte", "local", "nota", "criadoEm", "atualizadoEm"]) {
          await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN ${sql.id(column)}`.execute(db);
        }
      }
    },
  };
}
