import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { type DialectName, openStore, type Store } from "../../src/server/db/database";

/**
 * The databases a suite runs against. SQLite always; PostgreSQL when TEST_DATABASE_URL is set. In CI
 * (CI=true) a missing TEST_DATABASE_URL is an error, so PostgreSQL tests can never silently vanish.
 */
export function testDialects(
  env: NodeJS.ProcessEnv = process.env,
): { name: DialectName; available: boolean }[] {
  const postgresUrl = env.TEST_DATABASE_URL;
  if (!postgresUrl && env.CI === "true") {
    throw new Error("CI=true but TEST_DATABASE_URL is not set: the PostgreSQL suites cannot run.");
  }
  return [
    { name: "sqlite", available: true },
    { name: "postgres", available: Boolean(postgresUrl) },
  ];
}

/** The PostgreSQL server the suites run against, if any (a suite that needs it checks testDialects first). */
export function testDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env.TEST_DATABASE_URL ?? "";
}

export interface TestStore {
  store: Store;
  /** Closes the store and drops everything it created (the SQLite folder or the PostgreSQL schema). */
  cleanup(): Promise<void>;
}

/** A fresh, migrated, empty database of the given dialect, on disk (SQLite) or in its own schema. */
export async function openTestStore(
  dialect: DialectName,
  env: NodeJS.ProcessEnv = process.env,
): Promise<TestStore> {
  if (dialect === "sqlite") {
    const folder = mkdtempSync(join(tmpdir(), "memoteca-test-"));
    const store = await openStore({ kind: "sqlite", file: join(folder, "memoteca.db") });
    return {
      store,
      cleanup: async () => {
        await store.close();
        rmSync(folder, { recursive: true, force: true });
      },
    };
  }
  const url = env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set");
  const schema = `memoteca_test_${randomBytes(6).toString("hex")}`;
  const store = await underSchemaLock(url, async (admin) => {
    await admin.query(`CREATE SCHEMA ${schema}`);
    try {
      return await openStore({ kind: "postgres", url }, { schema });
    } catch (error) {
      // A store that could not open leaves no cleanup behind it, so its schema goes now.
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      throw error;
    }
  });
  return {
    store,
    cleanup: async () => {
      await store.close();
      await underSchemaLock(url, (admin) => admin.query(`DROP SCHEMA ${schema} CASCADE`));
    },
  };
}

/** Any number that the test suites alone use as their advisory lock. */
const SCHEMA_LOCK = 7_206_422;

/**
 * Runs `work` while holding a PostgreSQL advisory lock. Kysely's migrator introspects the tables of every
 * schema, and a schema dropped by a parallel test in the middle of that fails it with "schema does not
 * exist"; so creating-and-migrating and dropping never overlap.
 */
async function underSchemaLock<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query("SELECT pg_advisory_lock($1)", [SCHEMA_LOCK]);
    return await work(admin);
  } finally {
    await admin.end();
  }
}
