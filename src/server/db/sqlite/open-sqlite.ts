import { Kysely } from "kysely";
import type { Database } from "../schema";
import type { ImportWriter } from "../thoughts/thoughts-import";
import { DatabaseSync } from "./node-sqlite";
import { MemotecaSqliteDialect } from "./sqlite-dialect";
import { withSqliteWorker } from "./sqlite-worker";
import { statementsKept } from "./statements-kept";
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
  /**
   * Reads of committed data, on a read-only connection of their own (`db` itself for `:memory:`). Close it
   * before `db`, whose close folds the WAL into the file.
   */
  reader: Kysely<Database>;
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
  const db = mainThreadKysely(connection);
  if (file === ":memory:") return { db, reader: db, checkpoints: undefined, importWriter: undefined };
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
  return { db, reader: readerFor(file), checkpoints, importWriter: importWriterFor(db, file) };
}

/**
 * A Kysely over a connection of the main thread, which waits for another process's lock between the event
 * loop's turns (busy-patience.ts) instead of in SQLite's busy handler: the open above may wait there (the
 * server does not answer yet), every statement after it does not.
 */
function mainThreadKysely(connection: DatabaseSync): Kysely<Database> {
  connection.exec("PRAGMA busy_timeout = 0");
  const patience = { waitMs: BUSY_TIMEOUT_MS, inTransaction: () => connection.isTransaction };
  return new Kysely<Database>({
    dialect: new MemotecaSqliteDialect({ database: statementsKept(connection), patience }),
  });
}

/**
 * The wall's reads on a connection of their own. On the app's connection they queued behind an import,
 * which holds it for its whole transaction: a first page waited 16.3 s during a 100,000-thought import while
 * the health check, on its own connection, said all was well. In WAL mode this one reads beside the writer,
 * from the last commit, so it never sees an import or any other write half-done. Read-only, so a write sent
 * here by mistake fails instead of taking a lock of its own.
 */
function readerFor(file: string): Kysely<Database> {
  return mainThreadKysely(new DatabaseSync(file, { readOnly: true }));
}

/**
 * An import's transaction on a connection of its own in a worker thread, started for it. On the app's
 * connection its statements, its commit and the commit's fsync (hundreds of milliseconds for 100,000
 * thoughts under `synchronous = FULL`) each held the event loop, and every request with it; in the worker
 * they hold only that thread, with the same durability. Meanwhile the app's connection is held, as the
 * import's transaction held it before: its other writes wait their turn in Kysely's queue rather than meet
 * the worker's write lock; the wall's reads go on, on the reader's connection.
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
