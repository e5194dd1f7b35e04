import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect } from "kysely";
import pg from "pg";
import type { Database } from "./schema";

export function openSqlite(file: string): Kysely<Database> {
  const connection = new SQLite(file);
  // WAL lets readers run beside the writer; FULL makes a committed write survive a power cut, so a 2xx
  // answer really means the thought is on disk.
  connection.pragma("journal_mode = WAL");
  connection.pragma("synchronous = FULL");
  connection.pragma("foreign_keys = ON");
  connection.pragma("busy_timeout = 5000");
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: keepingStatements(connection) }) });
}

/** The app runs a few dozen distinct SQL texts; more than this means something generates them. */
const STATEMENTS_KEPT = 200;

/**
 * Kysely's SQLite driver prepares every query anew, and preparing costs as much as running a page query.
 * This keeps each prepared statement by its SQL text. A statement still being iterated (a streamed read)
 * is busy, so a query meeting it gets a fresh one.
 */
function keepingStatements(connection: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => connection.close(),
    prepare(text) {
      let statement = statements.get(text);
      if (!statement || statement.busy) {
        statement = connection.prepare(text);
        if (statements.size >= STATEMENTS_KEPT) statements.clear();
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

/** Options that only PostgreSQL uses. */
export interface PostgresOptions {
  /** Run everything inside this schema (tests use a throwaway one). */
  schema?: string;
  /** Told when the server drops an idle pooled connection (default: one line on stderr). */
  onIdleConnectionError?: (error: Error) => void;
}

export function openPostgres(url: string, options: PostgresOptions): Kysely<Database> {
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

function reportIdleConnectionError(error: Error): void {
  console.error(`PostgreSQL encerrou uma conexão ociosa (${error.message}); a próxima consulta abre outra.`);
}
