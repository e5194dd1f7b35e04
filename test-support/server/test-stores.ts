import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kysely } from "kysely";
import pg from "pg";
import type { Database, DatabaseTarget } from "../../src/server/db";
import { type DialectName, openStore, type Store } from "../../src/server/db";
import { type TestingStore, withTesting } from "../../src/server/db/testing";
import { testDialects } from "./test-dialects";

export { testDialects };

/** The PostgreSQL server the suites run against, if any (a suite that needs it checks testDialects first). */
export function testDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env.TEST_DATABASE_URL ?? "";
}

export interface TestStore {
  /** The store, its thoughts with the test-only `insertMany` and `all`. */
  store: TestingStore;
  /** Where the database is, to open it again with options of one's own (as openStore takes them). */
  target: DatabaseTarget;
  /** The PostgreSQL test schema (undefined on SQLite). */
  schema?: string;
  /** A DATABASE_URL naming this same database, for a spawned process (PostgreSQL: confined to its schema). */
  databaseUrl: string;
  /** Opens the same database again, migrating it as another process would; the caller closes it. */
  reopen(): Promise<TestingStore>;
  /** Closes the store and drops everything it created (the SQLite folder or the PostgreSQL schema). */
  cleanup(): Promise<void>;
}

/** Brings a fresh database up to date; `schema` is the PostgreSQL test schema. */
export type TestMigration = (db: Kysely<Database>, dialect: DialectName, schema?: string) => Promise<void>;

export interface TestStoreOptions {
  env?: NodeJS.ProcessEnv;
  /** Replaces the migration that opening runs (to stop halfway, or to record the names an older version used). */
  migrate?: TestMigration;
}

/** A fresh, migrated, empty database of the given dialect, on disk (SQLite) or in its own schema. */
export async function openTestStore(
  dialect: DialectName,
  { env = process.env, migrate }: TestStoreOptions = {},
): Promise<TestStore> {
  if (dialect === "sqlite") {
    const folder = mkdtempSync(join(tmpdir(), "memoteca-test-"));
    const target = { kind: "sqlite", file: join(folder, "memoteca.db") } as const;
    const store = await openStore(target, { migrate: !migrate });
    try {
      await migrate?.(store.db, dialect);
    } catch (error) {
      await store.close();
      rmSync(folder, { recursive: true, force: true });
      throw error;
    }
    return {
      store: withTesting(store),
      target,
      databaseUrl: `file:${target.file}`,
      reopen: async () => withTesting(await openStore(target)),
      cleanup: async () => {
        await store.close();
        rmSync(folder, { recursive: true, force: true });
      },
    };
  }
  const url = env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set");
  const target = { kind: "postgres", url } as const;
  const schema = `memoteca_test_${randomBytes(6).toString("hex")}`;
  const store = await underSchemaLock(url, async (admin) => {
    await admin.query(`CREATE SCHEMA ${schema}`);
    let opened: Store | undefined;
    try {
      opened = await openStore(target, { schema, migrate: !migrate });
      await migrate?.(opened.db, dialect, schema);
      return opened;
    } catch (error) {
      // A store that could not open leaves no cleanup behind it, so its schema goes now.
      await opened?.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      throw error;
    }
  });
  const confined = new URL(url);
  confined.searchParams.set("options", `-c search_path=${schema},public`);
  return {
    store: withTesting(store),
    target,
    schema,
    databaseUrl: confined.toString(),
    reopen: async () => withTesting(await underSchemaLock(url, () => openStore(target, { schema }))),
    cleanup: async () => {
      await store.close();
      await underSchemaLock(url, (admin) => admin.query(`DROP SCHEMA ${schema} CASCADE`));
    },
  };
}

/**
 * Runs `work` (say, a spawned process that opens a test database and migrates it without knowing its schema)
 * while no PostgreSQL test schema is being created or dropped; on SQLite it just runs it.
 */
export async function whileSchemasStand<T>(dialect: DialectName, work: () => Promise<T>): Promise<T> {
  const url = testDatabaseUrl();
  if (dialect === "sqlite" || !url) return work();
  return underSchemaLock(url, () => work());
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
