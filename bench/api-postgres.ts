// The PostgreSQL side of the API benchmark: a throwaway schema holding the same thoughts as the SQLite file,
// made and dropped the way the test suites make theirs (test-support/server/test-stores.ts), so a bench and
// a test run sharing one PostgreSQL server take the same advisory lock and never trip over each other.
import { sql } from "kysely";
import pg from "pg";
import type { ThoughtInput } from "../src/domain/thought";
import type { Store } from "../src/server/db";
import { parseDatabaseUrl } from "../src/server/db";
import { openTestStore, whileSchemasStand } from "../test-support/server/test-stores";

/** The PostgreSQL server to compare against, or why there is none. */
export type PostgresChoice = { url: string; from: string } | { skipped: string };

/** TEST_DATABASE_URL first (it exists to be written to), else a postgres:// DATABASE_URL. */
export function choosePostgres(env: NodeJS.ProcessEnv = process.env): PostgresChoice {
  if (env.TEST_DATABASE_URL) return { url: env.TEST_DATABASE_URL, from: "TEST_DATABASE_URL" };
  const named = env.DATABASE_URL ? parseDatabaseUrl(env.DATABASE_URL) : undefined;
  if (named && typeof named !== "string" && named.kind === "postgres") {
    return { url: named.url, from: "DATABASE_URL" };
  }
  return {
    skipped: env.DATABASE_URL
      ? "DATABASE_URL names no PostgreSQL database and TEST_DATABASE_URL is not set"
      : "neither TEST_DATABASE_URL nor a postgres:// DATABASE_URL is set",
  };
}

export interface BenchSchema {
  /** The bench's own connection to the schema (the in-process cold searches use it). */
  store: Store;
  /** The schema's name (memoteca_test_…, as the test suites name theirs: they share one lock). */
  name: string;
  /** A DATABASE_URL confined to the schema (`?options=-c search_path=<schema>,public`), for the server. */
  databaseUrl: string;
  /** Drops the schema, and pg_trgm when this bench was the one that created it. Safe to call twice. */
  cleanup(): Promise<void>;
}

async function hasTrigrams(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'");
    return (found.rowCount ?? 0) > 0;
  } finally {
    await client.end();
  }
}

/** Drops pg_trgm unless something else (another schema's index) still uses it; RESTRICT, never CASCADE. */
async function dropTrigrams(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("DROP EXTENSION IF EXISTS pg_trgm RESTRICT");
  } catch (error) {
    // 2BP01: dependent objects still exist (a test schema made meanwhile): it stays, as it should.
    if ((error as { code?: unknown }).code !== "2BP01") throw error;
  } finally {
    await client.end();
  }
}

/**
 * A fresh schema, migrated, then `thoughts` inserted through the test store's insertMany in batches of `batch`.
 * Then VACUUM (ANALYZE) of its tables: the state autovacuum reaches a minute after such a load on a default
 * server (a test server may run with autovacuum off, and an unanalysed table is not what production reads).
 */
export async function seedPostgres(
  url: string,
  thoughts: Iterable<ThoughtInput>,
  batch: number,
): Promise<BenchSchema> {
  const hadTrigrams = await hasTrigrams(url);
  const test = await openTestStore("postgres", { env: { TEST_DATABASE_URL: url } });
  let cleaned: Promise<void> | undefined;
  const cleanup = () => {
    cleaned ??= (async () => {
      await test.cleanup();
      if (!hadTrigrams) await whileSchemasStand("postgres", () => dropTrigrams(url));
    })();
    return cleaned;
  };
  try {
    let pending: ThoughtInput[] = [];
    for (const thought of thoughts) {
      pending.push(thought);
      if (pending.length === batch) {
        await test.store.thoughts.insertMany(pending);
        pending = [];
      }
    }
    if (pending.length > 0) await test.store.thoughts.insertMany(pending);
    const tables = await sql<{ name: string }>`
      SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()`.execute(test.store.db);
    for (const { name } of tables.rows) await sql`VACUUM (ANALYZE) ${sql.id(name)}`.execute(test.store.db);
  } catch (error) {
    await cleanup();
    throw error;
  }
  const name = /search_path=([^,]+)/.exec(new URL(test.databaseUrl).searchParams.get("options") ?? "")?.[1];
  return { store: test.store, name: name ?? "?", databaseUrl: test.databaseUrl, cleanup };
}
