import { type Kysely, type Migration, sql } from "kysely";
import { followOneRow } from "./20261123T0900-wall-state";

/**
 * `wall_state.newest_id`: the highest id a thought was ever written with, kept by the same triggers as the
 * wall's counts, so in the same transaction as every insert. A read bounds its newest-first page by it
 * (`id <= newest_id`, read in the same statement, so from the same snapshot): on PostgreSQL, an import's
 * uncommitted rows hold the highest ids, and without the bound the first page's backward index scan walks
 * every one of them, checking each one's visibility, before it finds 20 it may see (57 ms and 3,664 buffers
 * behind 100,000 uncommitted rows, against 0.4 ms and 6 with the bound). The bound is exact: every write
 * to `thoughts` updates this one row and holds its lock until it commits, so the version a snapshot sees
 * carries the greatest id of every insert that snapshot sees. SQLite's readers never meet a writer's rows,
 * but it keeps the same column the same way, so that the reads have one shape on both databases.
 * Frozen like every migration.
 */
export function wallNewestId(dialect: "sqlite" | "postgres"): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's Database type.
    async up(db: Kysely<any>) {
      await sql`ALTER TABLE wall_state ADD COLUMN newest_id BIGINT NOT NULL DEFAULT 0`.execute(db);
      // Ids of thoughts now in the trash count too: a restore brings one back with its own id.
      await sql`UPDATE wall_state SET newest_id = (
        SELECT coalesce(max(id), 0) FROM (SELECT id FROM thoughts UNION ALL SELECT id FROM trash) AS ids
      )`.execute(db);
      if (dialect === "sqlite") {
        await sqliteInsertTrigger(db, true);
      } else {
        await followWithNewestId(db);
      }
    },
    // biome-ignore lint/suspicious/noExplicitAny: see up().
    async down(db: Kysely<any>) {
      if (dialect === "sqlite") await sqliteInsertTrigger(db, false);
      else await followOneRow(db);
      await sql`ALTER TABLE wall_state DROP COLUMN newest_id`.execute(db);
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: see wallNewestId().
async function sqliteInsertTrigger(db: Kysely<any>, withNewestId: boolean) {
  await sql`DROP TRIGGER wall_state_insert`.execute(db);
  const newest = sql.raw(withNewestId ? ", newest_id = max(newest_id, new.id)" : "");
  await sql`CREATE TRIGGER wall_state_insert AFTER INSERT ON thoughts BEGIN
    UPDATE wall_state SET version = version + 1, total = total + 1, favorites = favorites + new.favorito${newest};
  END`.execute(db);
}

/** followOneRow's function, which also raises `newest_id` to the greatest id the statement wrote. */
// biome-ignore lint/suspicious/noExplicitAny: see wallNewestId().
async function followWithNewestId(db: Kysely<any>) {
  await sql`CREATE OR REPLACE FUNCTION wall_state_follow() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      added BIGINT := 0;
      added_favorites BIGINT := 0;
      removed BIGINT := 0;
      removed_favorites BIGINT := 0;
      written_newest BIGINT := 0;
    BEGIN
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        SELECT count(*), count(*) FILTER (WHERE favorito), coalesce(max(id), 0)
          INTO added, added_favorites, written_newest FROM new_rows;
      END IF;
      IF TG_OP IN ('DELETE', 'UPDATE') THEN
        SELECT count(*), count(*) FILTER (WHERE favorito) INTO removed, removed_favorites FROM old_rows;
      END IF;
      IF added + removed > 0 THEN
        UPDATE wall_state SET
          version = version + 1,
          total = total + added - removed,
          favorites = favorites + added_favorites - removed_favorites,
          newest_id = greatest(newest_id, written_newest);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
}
