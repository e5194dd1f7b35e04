import type { Kysely, Migration } from "kysely";
import { wallStateShards } from "./20261124T0900-wall-state-shards";

/**
 * PostgreSQL's wall state goes back to one row, as SQLite's always was: the shards spared concurrent
 * writes from waiting for each other's commit on that row, a throughput that one person's wall never
 * asks for (one write at a time takes well under the 3 ms a create may). The way there is exactly the
 * shards' way back (sums into the row, the one-row trigger function), and this way back is their way there.
 */
export function wallStateOneRow(dialect: "sqlite" | "postgres"): Migration {
  const shards = wallStateShards(dialect);
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's Database type.
    async up(db: Kysely<any>) {
      await shards.down?.(db);
    },
    // biome-ignore lint/suspicious/noExplicitAny: see up().
    async down(db: Kysely<any>) {
      await shards.up(db);
    },
  };
}
