import { type Kysely, type Migration, Migrator, sql } from "kysely";
import type { Database } from "../schema";
import type { DialectName } from "../store";
import { createThoughts } from "./20261122T0900-create-thoughts";
import { thoughtCounts } from "./20261122T1000-thought-counts";
import { thoughtsIdIndex } from "./20261122T1100-thoughts-id-index";
import { signIn } from "./20261122T1200-sign-in";
import { wallState } from "./20261123T0900-wall-state";
import { trash } from "./20261123T1000-trash";
import { wallStateShards } from "./20261124T0900-wall-state-shards";
import { wallStateOneRow } from "./20261124T2100-wall-state-one-row";
import { labels } from "./20261125T0000-labels";
import { authorKey } from "./20261125T0010-author-key";
import { labelCountsPerStatement } from "./20261127T1200-label-counts-per-statement";
import { labelsCodePointOrder } from "./20261127T1300-labels-code-point-order";
import { thoughtsRoomForLabelRewrites } from "./20261127T1400-thoughts-room-for-label-rewrites";
import { sourcesNotesDates } from "./20261127T1500-sources-notes-dates";
import { kindleSources } from "./20261127T1510-kindle-sources";
import { labelsPtBrOrder } from "./20261127T1600-labels-pt-br-order";
import { libraryIndexes } from "./20261127T1700-library-indexes";
import { thoughtVersions } from "./20261128T0100-thought-versions";
import { idempotencyKeys } from "./20261128T0110-idempotency-keys";
import { changeLog } from "./20261128T0120-change-log";
import { review } from "./20261128T0200-review";
import { importsAndInbox } from "./20261128T0300-imports-and-inbox";
import { wallNewestId } from "./20261128T1000-wall-newest-id";
import { renameOldMigrations } from "./migration-renames";

/**
 * Every migration, by name. Kysely runs them in the order of their names and records the applied ones in
 * its own table, so a name starts with the time it was written, down to the minute.
 */
export const migrations: Record<string, (dialect: DialectName) => Migration> = {
  "20261122T0900-create-thoughts": createThoughts,
  "20261122T1000-thought-counts": thoughtCounts,
  "20261122T1100-thoughts-id-index": thoughtsIdIndex,
  "20261122T1200-sign-in": signIn,
  "20261123T0900-wall-state": wallState,
  "20261123T1000-trash": trash,
  "20261124T0900-wall-state-shards": wallStateShards,
  "20261124T2100-wall-state-one-row": wallStateOneRow,
  "20261125T0000-labels": labels,
  "20261125T0010-author-key": authorKey,
  "20261127T1200-label-counts-per-statement": labelCountsPerStatement,
  "20261127T1300-labels-code-point-order": labelsCodePointOrder,
  "20261127T1400-thoughts-room-for-label-rewrites": thoughtsRoomForLabelRewrites,
  "20261127T1500-sources-notes-dates": sourcesNotesDates,
  "20261127T1510-kindle-sources": kindleSources,
  "20261127T1600-labels-pt-br-order": labelsPtBrOrder,
  "20261127T1700-library-indexes": libraryIndexes,
  "20261128T0100-thought-versions": thoughtVersions,
  "20261128T0110-idempotency-keys": idempotencyKeys,
  "20261128T0120-change-log": changeLog,
  "20261128T0200-review": review,
  "20261128T0300-imports-and-inbox": importsAndInbox,
  "20261128T1000-wall-newest-id": wallNewestId,
};

export interface MigrateOptions {
  /**
   * PostgreSQL tests: keeps Kysely's bookkeeping tables in this schema. Kysely looks them up across every
   * schema, so without it two test schemas migrating at once would see each other's tables.
   */
  schema?: string;
  /** Stops after the named migration (tests check a later one against data made before it). */
  upTo?: string;
}

export async function migrateToLatest(
  db: Kysely<Database>,
  dialect: DialectName,
  { schema: given, upTo }: MigrateOptions = {},
): Promise<void> {
  const schema = given ?? (dialect === "postgres" ? await currentSchema(db) : undefined);
  await renameOldMigrations(db, dialect, schema);
  const migrator = new Migrator({
    db,
    provider: {
      getMigrations: async () =>
        Object.fromEntries(Object.entries(migrations).map(([name, make]) => [name, make(dialect)])),
    },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error } = upTo ? await migrator.migrateTo(upTo) : await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/**
 * The schema that unqualified names resolve to (the first of search_path that exists). Kysely looks for its
 * bookkeeping tables in every schema of the database, so another schema holding a Memoteca (or any Kysely
 * app) would pass for this one's and nothing would be migrated; naming ours keeps the lookup to it.
 */
async function currentSchema(db: Kysely<Database>): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string | null }>`SELECT current_schema() AS schema`.execute(db);
  return rows[0]?.schema ?? undefined;
}
