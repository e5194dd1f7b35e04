import { type Kysely, sql } from "kysely";
import type { Database } from "../../src/server/db";

/**
 * What a freshly migrated PostgreSQL schema holds: the rows the migrations seeded into each of its tables,
 * and where its sequences stand. Read from the catalog rather than named table by table, so that a new
 * table, a new seeded row or a table split into shards is covered without this file knowing of it.
 */
export interface PostgresBaseline {
  schema: string;
  tables: { name: string; rows: Record<string, unknown>[] }[];
  sequences: { name: string; lastValue: string | null; isCalled: boolean }[];
}

/** Kysely's bookkeeping: which migrations ran. A reset keeps it, so the schema stays migrated. */
const BOOKKEEPING = ["kysely_migration", "kysely_migration_lock"];

/** The plain and partitioned tables of the schema (a partition's rows are read and written through its parent). */
async function tablesOf(db: Kysely<Database>, schema: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = ${schema} AND c.relkind IN ('r', 'p') AND NOT c.relispartition
    ORDER BY c.relname`.execute(db);
  return rows.map((row) => row.name).filter((name) => !BOOKKEEPING.includes(name));
}

/** A table's rows in a stable order (by their text), to compare two readings. */
async function rowsOf(
  db: Kysely<Database>,
  schema: string,
  table: string,
): Promise<Record<string, unknown>[]> {
  const { rows } = await sql<
    Record<string, unknown>
  >`SELECT * FROM ${sql.table(`${schema}.${table}`)}`.execute(db);
  return rows.map((row) => ({ ...row })).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

async function sequencesOf(db: Kysely<Database>, schema: string): Promise<PostgresBaseline["sequences"]> {
  const { rows } = await sql<{ name: string }>`
    SELECT sequencename AS name FROM pg_sequences WHERE schemaname = ${schema} ORDER BY sequencename`.execute(
    db,
  );
  const sequences: PostgresBaseline["sequences"] = [];
  for (const { name } of rows) {
    const state = await sql<{ last_value: string | null; is_called: boolean }>`
      SELECT last_value::text AS last_value, is_called FROM ${sql.table(`${schema}.${name}`)}`.execute(db);
    const [row] = state.rows;
    sequences.push({ name, lastValue: row?.last_value ?? null, isCalled: row?.is_called ?? false });
  }
  return sequences;
}

/** Reads the baseline of a schema that the migrations have just brought up to date. */
export async function captureBaseline(db: Kysely<Database>, schema: string): Promise<PostgresBaseline> {
  const tables = [];
  for (const name of await tablesOf(db, schema)) tables.push({ name, rows: await rowsOf(db, schema, name) });
  return { schema, tables, sequences: await sequencesOf(db, schema) };
}

/**
 * Empties every table of the list. DELETE rather than TRUNCATE: the schema's triggers keep derived tables
 * (the wall's counts) in step with each deleted row, and refuse a TRUNCATE that would bypass them. A table
 * emptied early may be written again by the triggers of one emptied after it, so the pass repeats until a
 * whole pass finds every table empty.
 */
async function emptyTables(db: Kysely<Database>, schema: string, tables: string[]): Promise<void> {
  for (let pass = 0; pass < tables.length + 1; pass += 1) {
    let deleted = 0n;
    for (const name of tables) {
      const result = await sql`DELETE FROM ${sql.table(`${schema}.${name}`)}`.execute(db);
      deleted += result.numAffectedRows ?? 0n;
    }
    if (deleted === 0n) return;
  }
  throw new Error(`the tables of ${schema} kept refilling each other: ${tables.join(", ")}`);
}

/**
 * Brings the schema back to its baseline: every table but the migrations' bookkeeping emptied, the seeded
 * rows written again, the sequences set back. Then reads it all again and throws if anything differs (a
 * trigger that fired on the seeded rows, a table that appeared since), so a test never starts on leftovers.
 */
export async function restoreBaseline(db: Kysely<Database>, baseline: PostgresBaseline): Promise<void> {
  const { schema } = baseline;
  await db.transaction().execute(async (trx) => {
    await emptyTables(
      trx,
      schema,
      baseline.tables.map((table) => table.name),
    );
    for (const { name, rows } of baseline.tables) {
      for (const row of rows) {
        const columns = Object.keys(row);
        await sql`INSERT INTO ${sql.table(`${schema}.${name}`)} (${sql.join(columns.map((c) => sql.ref(c)))})
          VALUES (${sql.join(columns.map((c) => row[c]))})`.execute(trx);
      }
    }
    for (const { name, lastValue, isCalled } of baseline.sequences) {
      if (lastValue === null) continue;
      await sql`SELECT setval(${`${schema}.${name}`}::regclass, ${lastValue}::bigint, ${isCalled})`.execute(
        trx,
      );
    }
  });
  const now = await captureBaseline(db, schema);
  if (JSON.stringify(now) !== JSON.stringify(baseline)) {
    throw new Error(
      `the schema ${schema} did not return to its migrated state:\n` +
        `expected ${JSON.stringify(baseline)}\nfound ${JSON.stringify(now)}`,
    );
  }
}
