import { type Kysely, type Migration, sql } from "kysely";
import { followOneRow } from "./20261123T0900-wall-state";

/** How many rows PostgreSQL's wall state is split into; a write goes to the row of its backend's number. */
const SHARDS = 16;

/**
 * On PostgreSQL, the wall's state is kept in up to SHARDS rows of `wall_state_shards`, and `wall_state`
 * becomes a view that adds them up: the same columns, read by the same queries. With one row, every write
 * locked it until its commit was on disk, so writes from different connections (two instances, or eight
 * toggles at once) waited for each other's fsync and PostgreSQL could never flush their commits together.
 * Now each backend writes the row of its own number (`pg_backend_pid() % SHARDS`), and writes through
 * different backends neither wait for each other nor deadlock on it: each transaction touches one shard
 * only, always last.
 *
 * The totals are the sums, exact as before. The version is the sum of the shards' versions: every write
 * adds one to one shard, so the sum grows by one with each commit, and two states a reader can see never
 * share it. SQLite keeps its one row: it has one writer at a time whatever the rows.
 */
export function wallStateShards(dialect: "sqlite" | "postgres"): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's Database type.
    async up(db: Kysely<any>) {
      if (dialect === "postgres") await postgresUp(db);
    },
    // biome-ignore lint/suspicious/noExplicitAny: see up().
    async down(db: Kysely<any>) {
      if (dialect === "postgres") await postgresDown(db);
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: see wallStateShards().
async function postgresUp(db: Kysely<any>) {
  await sql`CREATE TABLE wall_state_shards (
    shard SMALLINT PRIMARY KEY CHECK (shard >= 0 AND shard < ${sql.lit(SHARDS)}),
    version BIGINT NOT NULL,
    total BIGINT NOT NULL,
    favorites BIGINT NOT NULL
  )`.execute(db);
  await sql`INSERT INTO wall_state_shards (shard, version, total, favorites)
    SELECT 0, version, total, favorites FROM wall_state`.execute(db);
  await sql`DROP TABLE wall_state`.execute(db);
  // Shard 0 always exists (it carries what the one row held), so the sums are never null.
  await sql`CREATE VIEW wall_state AS
    SELECT 1::smallint AS id, sum(version)::bigint AS version, sum(total)::bigint AS total,
      sum(favorites)::bigint AS favorites
    FROM wall_state_shards`.execute(db);
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
        INSERT INTO wall_state_shards AS s (shard, version, total, favorites)
          VALUES (pg_backend_pid() % ${sql.lit(SHARDS)}, 1, added - removed, added_favorites - removed_favorites)
          ON CONFLICT (shard) DO UPDATE SET
            version = s.version + 1,
            total = s.total + excluded.total,
            favorites = s.favorites + excluded.favorites;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see wallStateShards().
async function postgresDown(db: Kysely<any>) {
  await sql`DROP VIEW wall_state`.execute(db);
  await sql`CREATE TABLE wall_state (
    id SMALLINT PRIMARY KEY CHECK (id = 1),
    version BIGINT NOT NULL,
    total BIGINT NOT NULL,
    favorites BIGINT NOT NULL
  )`.execute(db);
  await sql`INSERT INTO wall_state (id, version, total, favorites)
    SELECT 1, sum(version), sum(total), sum(favorites) FROM wall_state_shards`.execute(db);
  await sql`DROP TABLE wall_state_shards`.execute(db);
  await followOneRow(db);
}
