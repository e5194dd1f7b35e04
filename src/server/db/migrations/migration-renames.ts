import { DEFAULT_MIGRATION_TABLE, type Kysely, sql } from "kysely";
import type { Database } from "../schema";
import type { DialectName } from "../store";

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
export async function renameOldMigrations(
  db: Kysely<Database>,
  dialect: DialectName,
  schema?: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await hasMigrationTable(trx, dialect, schema))) return;
    const migrationTables = trx.withTables<MigrationTables>();
    const scoped = schema ? migrationTables.withSchema(schema) : migrationTables;
    for (const [old, name] of Object.entries(renamedMigrations)) {
      await scoped.updateTable(DEFAULT_MIGRATION_TABLE).set({ name }).where("name", "=", old).execute();
    }
  });
}

/**
 * Whether Kysely's record of migrations exists (in `schema` on PostgreSQL). Asked of that one name, not
 * through Kysely's introspection: that reads every table of every schema and failed ('relation does not
 * exist') when another schema was dropped meanwhile, as the PostgreSQL test suites do beside each other.
 */
async function hasMigrationTable(db: Kysely<Database>, dialect: DialectName, schema?: string) {
  if (dialect === "postgres") {
    const table = sql`quote_ident(${DEFAULT_MIGRATION_TABLE})`;
    const name = schema ? sql`quote_ident(${schema}) || '.' || ${table}` : table;
    const { rows } = await sql<{ found: string | null }>`SELECT to_regclass(${name})::text AS found`.execute(
      db,
    );
    return rows[0]?.found != null;
  }
  const { rows } = await sql<{ found: number }>`
    SELECT count(*) AS found FROM sqlite_master WHERE type = 'table' AND name = ${DEFAULT_MIGRATION_TABLE}
  `.execute(db);
  return Number(rows[0]?.found) > 0;
}
