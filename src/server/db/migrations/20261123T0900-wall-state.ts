import { type Kysely, type Migration, sql } from "kysely";
import { thoughtCountsUp } from "./20261122T1000-thought-counts";

/**
 * `wall_state` is one row: how many thoughts there are, how many are favorites, and a version that every
 * write to `thoughts` moves, in the same transaction as the write. It replaces `thought_counts`, whose two
 * rows (favorites and the others) had three faults on PostgreSQL:
 * - a toggle locked the row it left and then the row it joined, so opposite toggles at once deadlocked;
 * - a row-level trigger rewrote a counter row once per inserted thought, and under MVCC every rewrite is a
 *   dead tuple: 6,000 of them after a seed, and reading the two live rows became a 2.4 ms scan;
 * - nothing told an instance that another one had written, so its remembered search totals went stale.
 * One row means one lock, taken last by every write (no order to get wrong); PostgreSQL's trigger runs once
 * per statement over its transition tables; and any instance can read the version with the totals, in the
 * query it already makes for every request, to know whether what it remembers is still true.
 */
export function wallState(dialect: "sqlite" | "postgres"): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's Database type.
    async up(db: Kysely<any>) {
      if (dialect === "sqlite") await sqliteUp(db);
      else await postgresUp(db);
    },
    // biome-ignore lint/suspicious/noExplicitAny: see up().
    async down(db: Kysely<any>) {
      if (dialect === "sqlite") {
        for (const event of ["insert", "update", "delete"]) {
          await sql`DROP TRIGGER ${sql.raw(`wall_state_${event}`)}`.execute(db);
        }
      } else {
        await sql`DROP FUNCTION wall_state_follow CASCADE`.execute(db);
        await sql`DROP FUNCTION wall_state_refuse_truncate CASCADE`.execute(db);
      }
      await sql`DROP TABLE wall_state`.execute(db);
      await thoughtCountsUp(db, dialect);
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: see wallState().
async function sqliteUp(db: Kysely<any>) {
  for (const event of ["insert", "update", "delete"]) {
    await sql`DROP TRIGGER ${sql.raw(`thought_counts_${event}`)}`.execute(db);
  }
  await sql`DROP TABLE thought_counts`.execute(db);
  await sql`CREATE TABLE wall_state (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    version INTEGER NOT NULL,
    total INTEGER NOT NULL,
    favorites INTEGER NOT NULL
  )`.execute(db);
  await sql`INSERT INTO wall_state (id, version, total, favorites)
    SELECT 1, 1, count(*), coalesce(sum(favorito), 0) FROM thoughts`.execute(db);
  // SQLite has row triggers only; it writes in place, so a rewrite per row leaves nothing behind.
  await sql`CREATE TRIGGER wall_state_insert AFTER INSERT ON thoughts BEGIN
    UPDATE wall_state SET version = version + 1, total = total + 1, favorites = favorites + new.favorito;
  END`.execute(db);
  await sql`CREATE TRIGGER wall_state_delete AFTER DELETE ON thoughts BEGIN
    UPDATE wall_state SET version = version + 1, total = total - 1, favorites = favorites - old.favorito;
  END`.execute(db);
  await sql`CREATE TRIGGER wall_state_update AFTER UPDATE ON thoughts BEGIN
    UPDATE wall_state SET version = version + 1, favorites = favorites + new.favorito - old.favorito;
  END`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see wallState().
async function postgresUp(db: Kysely<any>) {
  await sql`DROP FUNCTION thought_counts_follow CASCADE`.execute(db);
  await sql`DROP TABLE thought_counts`.execute(db);
  await sql`CREATE TABLE wall_state (
    id SMALLINT PRIMARY KEY CHECK (id = 1),
    version BIGINT NOT NULL,
    total BIGINT NOT NULL,
    favorites BIGINT NOT NULL
  )`.execute(db);
  await sql`INSERT INTO wall_state (id, version, total, favorites)
    SELECT 1, 1, count(*), count(*) FILTER (WHERE favorito) FROM thoughts`.execute(db);
  await followOneRow(db);
  await sql`CREATE TRIGGER wall_state_insert AFTER INSERT ON thoughts
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wall_state_follow()`.execute(db);
  await sql`CREATE TRIGGER wall_state_update AFTER UPDATE ON thoughts
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION wall_state_follow()`.execute(db);
  await sql`CREATE TRIGGER wall_state_delete AFTER DELETE ON thoughts
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wall_state_follow()`.execute(db);
  // TRUNCATE has no transition table; the app never truncates, and a person who does is told so.
  await sql`CREATE FUNCTION wall_state_refuse_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'TRUNCATE thoughts would leave wall_state wrong: use DELETE FROM thoughts';
    END $$`.execute(db);
  await sql`CREATE TRIGGER wall_state_truncate BEFORE TRUNCATE ON thoughts
    FOR EACH STATEMENT EXECUTE FUNCTION wall_state_refuse_truncate()`.execute(db);
}

/**
 * PostgreSQL's trigger function for the one-row `wall_state`; `CREATE OR REPLACE`, so that a later
 * migration's way down can bring it back.
 */
// biome-ignore lint/suspicious/noExplicitAny: see wallState().
export async function followOneRow(db: Kysely<any>) {
  // Once per statement, over the rows it changed; a statement that changed none leaves the row alone
  // (PostgreSQL fires statement triggers even then), so a DELETE of a missing id forgets no cache.
  await sql`CREATE OR REPLACE FUNCTION wall_state_follow() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      added BIGINT := 0;
      added_favorites BIGINT := 0;
      removed BIGINT := 0;
      removed_favorites BIGINT := 0;
    BEGIN
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        SELECT count(*), count(*) FILTER (WHERE favorito) INTO added, added_favorites FROM new_rows;
      END IF;
      IF TG_OP IN ('DELETE', 'UPDATE') THEN
        SELECT count(*), count(*) FILTER (WHERE favorito) INTO removed, removed_favorites FROM old_rows;
      END IF;
      IF added + removed > 0 THEN
        UPDATE wall_state SET
          version = version + 1,
          total = total + added - removed,
          favorites = favorites + added_favorites - removed_favorites;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
}
