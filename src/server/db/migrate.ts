import { type Migration, type MigrationProvider, Migrator } from "kysely";
import type { Store } from "./database";
import { createThoughts } from "./migrations/2026-11-22-create-thoughts";
import { thoughtCounts } from "./migrations/2026-11-22-thought-counts";
import { thoughtsIdIndex } from "./migrations/2026-11-22-thoughts-id-index";

/**
 * Migrations are listed here; Kysely runs them in the order of their names (so two of one day must sort
 * in the order they were written) and records the applied ones in its own table.
 */
function provider(dialect: Store["dialect"]): MigrationProvider {
  const all: Record<string, (dialect: Store["dialect"]) => Migration> = {
    "2026-11-22-create-thoughts": createThoughts,
    "2026-11-22-thought-counts": thoughtCounts,
    "2026-11-22-thoughts-id-index": thoughtsIdIndex,
  };
  return {
    getMigrations: async () =>
      Object.fromEntries(Object.entries(all).map(([name, make]) => [name, make(dialect)])),
  };
}

/**
 * `schema` (PostgreSQL tests) keeps Kysely's bookkeeping tables in that schema: Kysely looks them up across
 * every schema, so without it two test schemas migrating at once would see each other's tables.
 * `upTo` stops after the named migration (tests check a later one against data made before it).
 */
export async function migrateToLatest(store: Store, schema?: string, upTo?: string): Promise<void> {
  const migrator = new Migrator({
    db: store.db,
    provider: provider(store.dialect),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error } = upTo ? await migrator.migrateTo(upTo) : await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
