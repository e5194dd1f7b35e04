import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DialectName, openStore, type Store } from "../../src/server/db";
import { captureBaseline, restoreBaseline } from "../../test-support/server/postgres-baseline";
import { openTestStore } from "../../test-support/server/test-stores";

/**
 * One migrated database for a Playwright worker, handed to each of its tests as it was right after the
 * migrations: migrating costs far more than starting the app, and a worker runs its tests one at a time.
 */
export interface TestDatabase {
  dialect: DialectName;
  /** Puts the database back as the migrations left it and opens a new Store on it (the caller closes it). */
  fresh(): Promise<Store>;
  /**
   * Opens another Store on the database as it stands (nothing reset), as a second instance of the server
   * would: SQLite, another connection to the same file; PostgreSQL, another pool with its own LISTEN.
   */
  another(): Promise<Store>;
  /** Drops the database (the SQLite folder or the PostgreSQL schema). */
  close(): Promise<void>;
}

/** E2E_DATABASE=postgres runs the e2e tests on TEST_DATABASE_URL; SQLite otherwise. */
export function e2eDialect(env: NodeJS.ProcessEnv = process.env): DialectName {
  return env.E2E_DATABASE === "postgres" ? "postgres" : "sqlite";
}

/**
 * SQLite: the file as the migrations wrote it is kept as a template, and each test gets a copy of it.
 * The server's Store is closed before the copy, so nothing holds the file (nor its WAL) open.
 */
async function sqliteDatabase(): Promise<TestDatabase> {
  const folder = mkdtempSync(join(tmpdir(), "memoteca-e2e-"));
  const template = join(folder, "template.db");
  const migrated = await openStore({ kind: "sqlite", file: template });
  await migrated.close();
  // The last connection's close folds the WAL into the file; a copy of the file alone must be complete.
  if (existsSync(`${template}-wal`)) throw new Error(`${template}-wal outlived its last connection`);
  const file = join(folder, "memoteca.db");
  return {
    dialect: "sqlite",
    async fresh() {
      for (const leftover of [file, `${file}-wal`, `${file}-shm`]) rmSync(leftover, { force: true });
      copyFileSync(template, file);
      return openStore({ kind: "sqlite", file }, { migrate: false });
    },
    another: () => openStore({ kind: "sqlite", file }, { migrate: false }),
    async close() {
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * PostgreSQL: the worker's own schema, truncated back to the rows the migrations seeded before each test,
 * through a Store of its own that serves no request.
 */
async function postgresDatabase(): Promise<TestDatabase> {
  const keeper = await openTestStore("postgres");
  const { target, schema } = keeper;
  if (!schema) throw new Error("a PostgreSQL test store without its schema");
  const baseline = await captureBaseline(keeper.store.db, schema);
  return {
    dialect: "postgres",
    async fresh() {
      await restoreBaseline(keeper.store.db, baseline);
      return openStore(target, { schema, migrate: false });
    },
    another: () => openStore(target, { schema, migrate: false }),
    close: () => keeper.cleanup(),
  };
}

export function openTestDatabase(dialect: DialectName = e2eDialect()): Promise<TestDatabase> {
  return dialect === "postgres" ? postgresDatabase() : sqliteDatabase();
}
