import { Kysely, PostgresDialect, type SqliteDatabase, type SqliteStatement } from "kysely";
import pg from "pg";
import { type DatabaseTimeouts, DEFAULT_DATABASE_TIMEOUTS } from "../../config";
import { discardingBrokenClients } from "../postgres/postgres-pool";
import type { Database } from "../schema";
import type { ImportWriter } from "../thoughts/thoughts-import";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "./node-sqlite";
import { MemotecaSqliteDialect } from "./sqlite-dialect";
import { withSqliteWorker } from "./sqlite-worker";
import { startWalCheckpoints, type WalCheckpoints } from "./wal-checkpoints";

/** How long a statement waits for another connection's write lock before failing with SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5_000;

/** A connection to a SQLite file through Node's built-in driver (node:sqlite: no addon to compile). */
export function openSqliteConnection(file: string): DatabaseSync {
  // Foreign keys are on by default in node:sqlite; the busy timeout lets a second process wait its turn.
  return new DatabaseSync(file, { timeout: BUSY_TIMEOUT_MS });
}

/** SQLite's default auto-checkpoint (pages of WAL), which the app's connection takes back if the worker dies. */
const DEFAULT_WAL_AUTOCHECKPOINT = 1_000;

export interface SqliteOpened {
  db: Kysely<Database>;
  /** Checkpoints the WAL off the main thread; undefined for `:memory:`. Close it before `db`. */
  checkpoints: WalCheckpoints | undefined;
  /** Runs an import's transaction in a worker thread (see importWriterFor); undefined for `:memory:`. */
  importWriter: ImportWriter | undefined;
}

export interface SqliteOptions {
  /** The checkpoint worker's code (tests give one that fails); wal-checkpoint-worker.ts by default. */
  checkpointWorker?: string;
}

export function openSqlite(file: string, { checkpointWorker }: SqliteOptions = {}): SqliteOpened {
  const connection = openSqliteConnection(file);
  // WAL lets readers run beside the writer; FULL makes a committed write survive a power cut, so a 2xx
  // answer really means the thought is on disk.
  connection.exec("PRAGMA journal_mode = WAL");
  connection.exec("PRAGMA synchronous = FULL");
  const db = new Kysely<Database>({
    dialect: new MemotecaSqliteDialect({ database: statementsKept(connection) }),
  });
  if (file === ":memory:") return { db, checkpoints: undefined, importWriter: undefined };
  // The commit that crosses the auto-checkpoint's threshold would copy the WAL into the file right there,
  // on the main thread; a worker does it instead (wal-checkpoints.ts), and if it fails, this connection
  // takes the job back so the WAL cannot grow without bound.
  connection.exec("PRAGMA wal_autocheckpoint = 0");
  const checkpoints = startWalCheckpoints(file, {
    busyTimeoutMs: BUSY_TIMEOUT_MS,
    source: checkpointWorker,
    onFailure(error) {
      console.error(
        `O ponto de verificação do SQLite em segundo plano parou (${error.message}); a conexão principal volta a fazê-lo.`,
      );
      if (connection.isOpen) connection.exec(`PRAGMA wal_autocheckpoint = ${DEFAULT_WAL_AUTOCHECKPOINT}`);
    },
  });
  return { db, checkpoints, importWriter: importWriterFor(db, file) };
}

/**
 * An import's transaction on a connection of its own in a worker thread, started for it. On the app's
 * connection its statements, its commit and the commit's fsync (hundreds of milliseconds for 100,000
 * thoughts under `synchronous = FULL`) each held the event loop, and every request with it; in the worker
 * they hold only that thread, with the same durability. Meanwhile the app's connection is held, as the
 * import's transaction held it before: its other statements wait their turn in Kysely's queue, where they
 * would otherwise meet the worker's write lock and wait in SQLite's busy handler, synchronously, on the main
 * thread.
 */
function importWriterFor(db: Kysely<Database>, file: string): ImportWriter {
  return (work) =>
    db.connection().execute(() => withSqliteWorker({ file, busyTimeoutMs: BUSY_TIMEOUT_MS }, work));
}

/**
 * The health check's own connection to a SQLite file. Kysely runs one statement at a time on the app's
 * connection, and an import holds it for its whole transaction (seconds at 100,000 thoughts): asked there,
 * the health check would wait that long and a monitor would take a busy server for a dead one. In WAL mode
 * a second connection reads beside the writer, so it still tells whether the file answers. Opened on the
 * first check; undefined for `:memory:`, where a second connection would open another database.
 */
export function sqlitePing(file: string): { ping(): Promise<void>; close(): void } | undefined {
  if (file === ":memory:") return undefined;
  let connection: DatabaseSync | undefined;
  let closed = false;
  return {
    async ping() {
      if (closed) throw new Error("the database is closed");
      connection ??= openSqliteConnection(file);
      connection.prepare("SELECT version FROM wall_state").get();
    },
    close() {
      closed = true;
      connection?.close();
    },
  };
}

/** The app runs a few dozen distinct SQL texts; more than this means something generates them. */
const STATEMENTS_KEPT = 200;

/**
 * Kysely's SQLite driver prepares every query anew, and preparing costs as much as running a page query.
 * This keeps each prepared statement by its SQL text, in the shape Kysely's driver calls (parameters as one
 * array; `reader` for a statement that returns rows, RETURNING included). A streamed read gets a statement
 * of its own: a kept one could be reset under it by the next query with the same text.
 */
export function statementsKept(connection: DatabaseSync): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => connection.close(),
    prepare(text) {
      let statement = statements.get(text);
      if (!statement) {
        statement = kyselyStatement(connection.prepare(text), () => connection.prepare(text));
        if (statements.size >= STATEMENTS_KEPT) statements.clear();
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

// node:sqlite's types ask for SQLInputValue; Kysely hands over what its query compiler built (unknown).
type Bindable = SQLInputValue[];

/** A node:sqlite statement in the shape Kysely's SQLite driver calls; `fresh` prepares another for streams. */
function kyselyStatement(statement: StatementSync, fresh: () => StatementSync): SqliteStatement {
  return {
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...(parameters as Bindable)),
    run: (parameters) => statement.run(...(parameters as Bindable)),
    iterate: (parameters) => fresh().iterate(...(parameters as Bindable)),
  };
}

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

export function openPostgres(url: string, options: PostgresOptions): Kysely<Database> {
  const {
    schema,
    onIdleConnectionError = reportIdleConnectionError,
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
