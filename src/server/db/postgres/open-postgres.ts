import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Database } from "../schema";
import { type DatabaseTimeouts, DEFAULT_DATABASE_TIMEOUTS } from "../target";
import { discardingBrokenClients } from "./postgres-pool";

/** Options that only PostgreSQL uses. */
export interface PostgresOptions extends Partial<DatabaseTimeouts> {
  /** Run everything inside this schema (tests use a throwaway one). */
  schema?: string;
  /** Told when the server drops an idle pooled connection (default: one line on stderr). */
  onIdleConnectionError?: (error: Error) => void;
}

/** Our side gives up on a query this long after the server was told to: only a silent link gets that far. */
const QUERY_TIMEOUT_MARGIN_MS = 1_000;
/** An idle connection is probed after this long, so one whose peer vanished without a word is found. */
const KEEP_ALIVE_DELAY_MS = 10_000;

/** The settings of every connection to the server: the pool's, and the change log's listener's. */
export function postgresClientConfig(url: string, options: PostgresOptions): pg.ClientConfig {
  const {
    schema,
    connectTimeoutMs = DEFAULT_DATABASE_TIMEOUTS.connectTimeoutMs,
    statementTimeoutMs = DEFAULT_DATABASE_TIMEOUTS.statementTimeoutMs,
  } = options;
  const config: pg.ClientConfig = {
    connectionString: url,
    // Bounds opening a connection and also waiting for a free one, so a stalled server fails a start or a
    // request instead of hanging it.
    connectionTimeoutMillis: connectTimeoutMs,
    // The server cancels a slow statement (57014) and ends a transaction left open; our side gives up a
    // little later, for the link that carries nothing at all, not even the cancellation.
    statement_timeout: statementTimeoutMs,
    idle_in_transaction_session_timeout: statementTimeoutMs,
    query_timeout: statementTimeoutMs + QUERY_TIMEOUT_MARGIN_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEP_ALIVE_DELAY_MS,
    // A test may confine itself to its own schema; the app itself always uses the default search_path.
    ...(schema ? { options: `-c search_path=${schema},public` } : {}),
  };
  return config;
}

export function openPostgres(url: string, options: PostgresOptions): Kysely<Database> {
  const { onIdleConnectionError = reportIdleConnectionError } = options;
  const config = postgresClientConfig(url, options);
  const pool = new pg.Pool({ ...config, max: 10 });
  // An idle connection that the server drops (restart, failover, pg_terminate_backend) is reported here;
  // unhandled, this event would crash the process. The pool discards it and the next query reconnects.
  pool.on("error", onIdleConnectionError);
  // A client in use has no listener of pg-pool's, and its 'error' event unheard would crash the process.
  // Nothing is lost by ignoring it here: the query in flight fails with the same error (and the request
  // answers 503), a later one fails with "not queryable", and the pool discards the client on release.
  pool.on("connect", (client) => client.on("error", ignoreCheckedOutError));
  return new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: discardingBrokenClients(pool),
    }),
  });
}

function ignoreCheckedOutError(): void {}

function reportIdleConnectionError(error: Error): void {
  console.error(`PostgreSQL encerrou uma conexão ociosa (${error.message}); a próxima consulta abre outra.`);
}
