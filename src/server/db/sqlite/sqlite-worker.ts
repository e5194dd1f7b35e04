import { Worker } from "node:worker_threads";
import { CompiledQuery, type DatabaseConnection, type Driver, Kysely, type QueryResult } from "kysely";
import type { Database } from "../schema";
import { MemotecaSqliteDialect } from "./sqlite-dialect";
import { SQLITE_WORKER } from "./sqlite-worker-code";

/** What the worker answers to one statement (see sqlite-worker-code.ts). */
type Answer =
  | { rows: Record<string, unknown>[] }
  | { changes: number | bigint; lastInsertRowid: number | bigint }
  | { error: { message: string; code?: string; errcode?: number; errstr?: string } };

/**
 * A connection to a SQLite file held by a worker thread: every statement, the commit and its fsync run on
 * that thread, so they never hold the event loop. The statements go one at a time (Kysely awaits each),
 * the answers come back in order.
 */
class WorkerConnection implements DatabaseConnection {
  readonly #worker: Worker;
  readonly #waiting: { resolve(answer: Answer): void; reject(error: Error): void }[] = [];
  #failure: Error | undefined;

  constructor(worker: Worker) {
    this.#worker = worker;
    worker.on("message", (answer: Answer | { ready: true }) => {
      if ("ready" in answer) return;
      this.#waiting.shift()?.resolve(answer);
    });
    const fail = (error: Error) => {
      this.#failure ??= error;
      for (const asked of this.#waiting.splice(0)) asked.reject(error);
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`the SQLite worker exited with code ${code}`)));
  }

  async executeQuery<R>({ sql, parameters }: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#failure) throw this.#failure;
    const answer = await new Promise<Answer>((resolve, reject) => {
      this.#waiting.push({ resolve, reject });
      this.#worker.postMessage({ sql, parameters });
    });
    if ("error" in answer) throw Object.assign(new Error(answer.error.message), answer.error);
    if ("rows" in answer) return { rows: answer.rows as R[] };
    return {
      numAffectedRows: BigInt(answer.changes),
      insertId: BigInt(answer.lastInsertRowid),
      rows: [],
    };
  }

  // biome-ignore lint/correctness/useYield: streaming is refused, as the interface allows
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("the SQLite worker connection does not stream");
  }
}

/**
 * Kysely's driver over one WorkerConnection: one user at a time (the file has one writer anyway), write
 * transactions begun IMMEDIATE as on the app's connection (sqlite-dialect.ts).
 */
class WorkerDriver implements Driver {
  readonly #options: SqliteWorkerOptions;
  #worker: Worker | undefined;
  #exited: Promise<void> = Promise.resolve();
  #connection: WorkerConnection | undefined;
  #busy: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  constructor(options: SqliteWorkerOptions) {
    this.#options = options;
  }

  async init(): Promise<void> {
    const { file, busyTimeoutMs } = this.#options;
    const worker = new Worker(SQLITE_WORKER, { eval: true, workerData: { file, busyTimeoutMs } });
    this.#worker = worker;
    this.#exited = new Promise((resolve) => worker.once("exit", () => resolve()));
    // The connection opens before the worker says it is ready; a file it cannot open ends it with an error.
    await new Promise<void>((resolve, reject) => {
      worker.once("message", () => resolve());
      worker.once("error", reject);
      worker.once("exit", (code) => reject(new Error(`the SQLite worker exited with code ${code}`)));
    });
    this.#connection = new WorkerConnection(worker);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const before = this.#busy;
    let release = () => {};
    this.#busy = new Promise((resolve) => {
      release = resolve;
    });
    await before;
    this.#release = release;
    if (!this.#connection) throw new Error("the SQLite worker is not open");
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }

  async releaseConnection(): Promise<void> {
    this.#release?.();
  }

  async destroy(): Promise<void> {
    // A worker that already ended (it could not open the file) ignores the message.
    this.#worker?.postMessage({ close: true });
    this.#worker = undefined;
    await this.#exited;
  }
}

export interface SqliteWorkerOptions {
  file: string;
  /** How long the worker's connection waits for a lock it needs, like the app's. */
  busyTimeoutMs: number;
}

/** Kysely's SQLite dialect (query compiler, adapter) over a connection in a worker thread. */
class WorkerSqliteDialect extends MemotecaSqliteDialect {
  readonly #options: SqliteWorkerOptions;

  constructor(options: SqliteWorkerOptions) {
    super({ database: () => Promise.reject(new Error("the worker dialect opens its own connection")) });
    this.#options = options;
  }

  override createDriver(): Driver {
    return new WorkerDriver(this.#options);
  }
}

/**
 * Runs `work` with a Kysely whose statements run on a connection of their own in a worker thread, started
 * for it and ended after it (rolling back whatever `work` left open).
 */
export async function withSqliteWorker<T>(
  options: SqliteWorkerOptions,
  work: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  const db = new Kysely<Database>({ dialect: new WorkerSqliteDialect(options) });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}
