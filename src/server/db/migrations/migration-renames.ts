import { DEFAULT_MIGRATION_TABLE, type Kysely } from "kysely";
import type { Database } from "../schema";

/**
 * Names that databases made by earlier versions have recorded, and what each is called now. They all
 * shared one date, so their order hung on how the rest of the name sorted; Kysely refuses to run when a
 * recorded name is missing from the list, so the records follow the rename.
 */
export const renamedMigrations: Readonly<Record<string, string>> = {
  "2026-11-22-create-thoughts": "20261122T0900-create-thoughts",
  "2026-11-22-thought-counts": "20261122T1000-thought-counts",
  "2026-11-22-thoughts-id-index": "20261122T1100-thoughts-id-index",
};

type MigrationTables = { [DEFAULT_MIGRATION_TABLE]: { name: string; timestamp: string } };

/** Renames recorded migrations to their current names, in one transaction; a new database has none. */
export async function renameOldMigrations(db: Kysely<Database>, schema?: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The same test as Kysely's own: a table of that name, in the given schema if any.
    const tables = await trx.introspection.getTables({ withInternalKyselyTables: true });
    const recorded = tables.some(
      (table) => table.name === DEFAULT_MIGRATION_TABLE && (!schema || table.schema === schema),
    );
    if (!recorded) return;
    const migrationTables = trx.withTables<MigrationTables>();
    const scoped = schema ? migrationTables.withSchema(schema) : migrationTables;
    for (const [old, name] of Object.entries(renamedMigrations)) {
      await scoped.updateTable(DEFAULT_MIGRATION_TABLE).set({ name }).where("name", "=", old).execute();
    }
  });
}
