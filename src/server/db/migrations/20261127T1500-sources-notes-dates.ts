import { type Kysely, type Migration, sql } from "kysely";

/** The tables that hold a thought's fields: the wall, and the trash (a deleted thought keeps every field). */
const TABLES = ["thoughts", "trash"] as const;

/** How far apart the dates given to the thoughts already there are: one second per later thought. */
const STEP_MS = 1000;
/** Ids dated per statement: each statement stays far inside PostgreSQL's statement timeout. */
const CHUNK = 1000;

/**
 * A thought's source (`fonte`), where in it (`local`), the reader's note (`nota`), and when it was added
 * (`criadoEm`) and last changed (`atualizadoEm`), on `thoughts` and on `trash`.
 *
 * The texts are NOT NULL DEFAULT '' (none is '', as the API sends it), which both databases add without
 * rewriting a row. The dates are epoch milliseconds (a BIGINT; SQLite's INTEGER holds 64 bits). The
 * thoughts already there, on the wall and in the trash (which share one sequence of ids), get dates in the
 * order of their ids: the newest gets the time of the migration and each older one a second before the
 * next, so the oldest has the earliest instant and every two differ; atualizadoEm = criadoEm. They are
 * dated a range of ids at a time, newest first, each statement numbering its range's ids with a window
 * function after the count of those above it (SQLite 3.33 and PostgreSQL both take UPDATE … FROM): one
 * statement over the whole table ran past PostgreSQL's 10 s statement timeout at 100,000 thoughts in the
 * migration before this one.
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
      await dateByOrder(db, Date.now());
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

/** The thoughts' and trashed thoughts' ids in (from, to], as one list (they share one sequence). */
const idsIn = (from: number, to: number) =>
  sql`(SELECT id FROM thoughts WHERE id > ${from} AND id <= ${to}
    UNION ALL SELECT id FROM trash WHERE id > ${from} AND id <= ${to}) AS ids`;

/** Dates every thought by its id (see sourcesNotesDates), a range of CHUNK ids at a time, newest first. */
// biome-ignore lint/suspicious/noExplicitAny: see sourcesNotesDates().
async function dateByOrder(db: Kysely<any>, newest: number): Promise<void> {
  const { rows } = await sql<{ last: number | string | null }>`
    SELECT max(id) AS last FROM (SELECT id FROM thoughts UNION ALL SELECT id FROM trash) AS every_id`.execute(
    db,
  );
  let above = 0;
  for (let to = Number(rows[0]?.last ?? 0); to > 0; to -= CHUNK) {
    const from = Math.max(0, to - CHUNK);
    // Literals, not parameters: node:sqlite binds numbers as REAL, and the dates are integers.
    const first = sql.lit(newest - above * STEP_MS);
    for (const table of TABLES) {
      const name = sql.table(table);
      await sql`UPDATE ${name} SET "criadoEm" = dated.at, "atualizadoEm" = dated.at
        FROM (
          SELECT id, ${first} - (ROW_NUMBER() OVER (ORDER BY id DESC) - 1) * ${sql.lit(STEP_MS)} AS at
          FROM ${idsIn(from, to)}
        ) AS dated
        WHERE ${name}.id = dated.id`.execute(db);
    }
    const counted = await sql<{ n: number | string }>`SELECT count(*) AS n FROM ${idsIn(from, to)}`.execute(
      db,
    );
    above += Number(counted.rows[0]?.n ?? 0);
  }
}
