import { type Kysely, type Migration, sql } from "kysely";

/** Rows moved per statement: each statement stays far inside the connection's statement timeout. */
const CHUNK = 1000;

/**
 * PostgreSQL keeps half of each page of `thoughts` free (fillfactor 50), so that rewriting a thought's
 * labels (`etiquetas`, which no index covers) writes its new version on the same page, a heap-only (HOT)
 * update that adds nothing to the table's indexes. On full pages each new version went to another page and
 * took new entries in every index, the trigram index on `busca` above all: a rename over 30,000 thoughts
 * spent 3.1-3.4 s of its 5-7 s there though `busca` had not changed (2026-11-27, PostgreSQL 15). Half, not
 * less: a rename reaches every thought that carries the label, and when that is every thought on a page,
 * each needs room for its new version beside the old. Edits of the text change `busca` and still update
 * the indexes.
 *
 * The setting only reaches pages written after it, so the rows already there are written again, a chunk
 * at a time, onto pages filled to the new mark; the pages they leave are free space for later rows once
 * autovacuum has been. Not CLUSTER or VACUUM FULL: one statement over the whole table ran past the
 * connection's 10 s statement timeout at 100,000 thoughts, and VACUUM cannot run in the migration's
 * transaction. SQLite writes in place and has no such setting.
 * Frozen like every migration: it takes a database it does not type.
 */
export function thoughtsRoomForLabelRewrites(dialect: "sqlite" | "postgres"): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's Database type.
    async up(db: Kysely<any>) {
      if (dialect === "sqlite") return;
      await sql`ALTER TABLE thoughts SET (fillfactor = 50)`.execute(db);
      await rewriteRows(db);
    },
    // biome-ignore lint/suspicious/noExplicitAny: see up().
    async down(db: Kysely<any>) {
      if (dialect === "sqlite") return;
      await sql`ALTER TABLE thoughts RESET (fillfactor)`.execute(db);
    },
  };
}

/** Every row written again as it is, by ranges of ids, so each lands on a page with the new room. */
// biome-ignore lint/suspicious/noExplicitAny: see thoughtsRoomForLabelRewrites().
async function rewriteRows(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ last: number | null }>`SELECT max(id) AS last FROM thoughts`.execute(db);
  const last = Number(rows[0]?.last ?? 0);
  for (let from = 0; from < last; from += CHUNK) {
    await sql`UPDATE thoughts SET etiquetas = etiquetas WHERE id > ${from} AND id <= ${from + CHUNK}`.execute(
      db,
    );
  }
}
