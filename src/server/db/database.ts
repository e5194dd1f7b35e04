import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { DatabaseTarget } from "../config";
import { migrateToLatest } from "./migrate";
import type { Database } from "./schema";

export type DialectName = "sqlite" | "postgres";

/** An open database: the query builder, which dialect it speaks, and how to close it. */
export interface Store {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Booleans are stored as 0/1 by SQLite and as booleans by PostgreSQL. */
  flag(value: boolean): number | boolean;
  close(): Promise<void>;
}

function openSqlite(file: string): Kysely<Database> {
  const connection = new SQLite(file);
  // WAL lets readers run beside the writer; FULL makes a committed write survive a power cut, so a 2xx
  // answer really means the thought is on disk.
  connection.pragma("journal_mode = WAL");
  connection.pragma("synchronous = FULL");
  connection.pragma("foreign_keys = ON");
  connection.pragma("busy_timeout = 5000");
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: connection }) });
}

function openPostgres(url: string, options: OpenOptions): Kysely<Database> {
  const { schema, onIdleConnectionError = reportIdleConnectionError } = options;
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // A test may confine itself to its own schema; the app itself always uses the default search_path.
    ...(schema ? { options: `-c search_path=${schema},public` } : {}),
  });
  // An idle connection that the server drops (restart, failover, pg_terminate_backend) is reported here;
  // unhandled, this event would crash the process. The pool discards it and the next query reconnects.
  pool.on("error", onIdleConnectionError);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

export interface OpenOptions {
  /** PostgreSQL only: run everything inside this schema (tests use a throwaway one). */
  schema?: string;
  migrate?: boolean;
  /** PostgreSQL only: told when the server drops an idle pooled connection (default: one line on stderr). */
  onIdleConnectionError?: (error: Error) => void;
}

function reportIdleConnectionError(error: Error): void {
  console.error(`PostgreSQL encerrou uma conexão ociosa (${error.message}); a próxima consulta abre outra.`);
}

export async function openStore(target: DatabaseTarget, options: OpenOptions = {}): Promise<Store> {
  const dialect: DialectName = target.kind;
  const db = target.kind === "sqlite" ? openSqlite(target.file) : openPostgres(target.url, options);
  const store: Store = {
    db,
    dialect,
    flag: (value) => (dialect === "sqlite" ? (value ? 1 : 0) : value),
    close: () => db.destroy(),
  };
  if (options.migrate !== false) {
    try {
      await migrateToLatest(store, options.schema);
    } catch (error) {
      await store.close();
      throw error;
    }
  }
  return store;
}
