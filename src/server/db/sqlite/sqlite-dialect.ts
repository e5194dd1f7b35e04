import {
  CompiledQuery,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  SqliteAdapter,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from "kysely";
import { type BusyPatience, patientConnection } from "./busy-patience";

/**
 * Kysely's SQLite driver opens transactions with a plain (deferred) `BEGIN`: the transaction reads first
 * and asks for the write lock only at its first write. With a second process on the file (another server,
 * `npm run seed`), that upgrade fails at once with SQLITE_BUSY_SNAPSHOT when the other one committed in
 * between, and the busy timeout cannot help, because waiting would not make the snapshot current again.
 * `BEGIN IMMEDIATE` takes the write lock before reading, so a second writer waits its turn (busy_timeout)
 * and then reads what the first one wrote.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  readonly #patience: BusyPatience | undefined;
  #patient: DatabaseConnection | undefined;

  constructor(config: SqliteDialectConfig, patience: BusyPatience | undefined) {
    super(config);
    this.#patience = patience;
  }

  /** The one connection, asking again for a lock another process holds when `patience` is given. */
  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    if (!this.#patience) return connection;
    this.#patient ??= patientConnection(connection, this.#patience);
    return this.#patient;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

/**
 * SQLite's DDL is transactional, though Kysely's adapter says otherwise, so its migrator would run each
 * migration statement by statement. Saying so lets the migrator run every pending migration in one
 * transaction, which (begun IMMEDIATE) also keeps a second process starting at the same moment from
 * creating the same tables: it waits, then finds them made and recorded.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

export interface MemotecaSqliteConfig extends SqliteDialectConfig {
  /** For a connection on the main thread: wait for another process's lock between turns (busy-patience.ts). */
  patience?: BusyPatience;
}

/** Kysely's SQLite dialect with immediate write transactions and transactional migrations. */
export class MemotecaSqliteDialect extends SqliteDialect {
  readonly #config: MemotecaSqliteConfig;

  constructor(config: MemotecaSqliteConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config, this.#config.patience);
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}
