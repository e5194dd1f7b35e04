import { type Kysely, type Migration, sql } from "kysely";

/** The fold of the day this was written (case and accents dropped), frozen here with the migration. */
const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** Rows rewritten per statement while filling the column. */
const CHUNK = 1000;

/**
 * `autoria_chave`: the author folded (no case, no accents), indexed with the id, so the wall lists one
 * author's thoughts newest first by an index range. Neither database folds accents by itself, so the rows
 * already there are filled here, a chunk at a time, with the fold the app writes new rows with.
 */
export function authorKey(_dialect: "sqlite" | "postgres"): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's Database type.
    async up(db: Kysely<any>) {
      await sql`ALTER TABLE thoughts ADD COLUMN autoria_chave TEXT NOT NULL DEFAULT ''`.execute(db);
      let last = 0;
      for (;;) {
        const { rows } = await sql<{ id: number; autoria: string }>`
          SELECT id, autoria FROM thoughts WHERE id > ${last} ORDER BY id LIMIT ${CHUNK}`.execute(db);
        for (const row of rows) {
          await sql`UPDATE thoughts SET autoria_chave = ${fold(row.autoria.trim())} WHERE id = ${row.id}`.execute(
            db,
          );
        }
        const tail = rows.at(-1);
        if (!tail || rows.length < CHUNK) break;
        last = Number(tail.id);
      }
      await sql`CREATE INDEX thoughts_autoria_chave_id ON thoughts (autoria_chave, id)`.execute(db);
    },
    // biome-ignore lint/suspicious/noExplicitAny: see up().
    async down(db: Kysely<any>) {
      await sql`DROP INDEX thoughts_autoria_chave_id`.execute(db);
      await sql`ALTER TABLE thoughts DROP COLUMN autoria_chave`.execute(db);
    },
  };
}
