import { type Kysely, sql } from "kysely";
import { createAuthRepository } from "./auth.repository";
import { createChangeLogRepository } from "./changes/change-log";
import { createIdempotencyRepository } from "./changes/idempotency";
import { createDayChoiceRepository } from "./day-choice.repository";
import { migrateToLatest } from "./migrations/migrate";
import { listenForChanges } from "./postgres/listen-changes";
import { openPostgres, type PostgresOptions, postgresClientConfig } from "./postgres/open-postgres";
import { postgresThoughts } from "./postgres/thoughts.postgres";
import type { Database } from "./schema";
import { openSqlite, sqlitePing } from "./sqlite/open-sqlite";
import { SqliteCode, sqlitePrimaryCode } from "./sqlite/sqlite-errors";
import { sqliteThoughts } from "./sqlite/thoughts.sqlite";
import type { ChangeWatch, DialectName, Store } from "./store";
import type { DatabaseTarget } from "./target";
import { createLabelsRepository } from "./thoughts/labels.repository";
import { createLibraryRepository } from "./thoughts/library.repository";
import { createThoughtsRepository } from "./thoughts/thoughts.repository";
import { createTrashRepository } from "./thoughts/trash.repository";

export type { DialectName, Store } from "./store";

export interface OpenOptions extends PostgresOptions {
  /** Brings the schema up to date before answering (default true). */
  migrate?: boolean;
}

/** Opens the target and decides, once, everything that differs between the two databases. */
export async function openStore(target: DatabaseTarget, options: OpenOptions = {}): Promise<Store> {
  const dialect: DialectName = target.kind;
  const { db, reader, thoughts, checkpoints, importWriter } =
    target.kind === "sqlite"
      ? { ...openSqlite(target.file), thoughts: sqliteThoughts }
      : postgresOpened(openPostgres(target.url, options));
  const thoughtsRepository = createThoughtsRepository(db, thoughts, { importWriter, reader });
  const ownPing = target.kind === "sqlite" ? sqlitePing(target.file) : undefined;
  const watch: ChangeWatch =
    target.kind === "sqlite"
      ? { watch: () => ({ close: async () => {} }), pollMs: SQLITE_POLL_MS }
      : {
          watch: (onChange) => listenForChanges(postgresClientConfig(target.url, options), onChange),
          pollMs: POSTGRES_BACKSTOP_POLL_MS,
        };
  const store: Store = {
    db,
    dialect,
    thoughts: thoughtsRepository,
    trash: createTrashRepository(db, thoughts, reader),
    labels: createLabelsRepository(db, thoughts, { bulkWriter: importWriter, reader }),
    library: createLibraryRepository(reader, thoughts),
    auth: createAuthRepository(db, reader),
    dayChoice: createDayChoiceRepository(db),
    changes: Object.assign(createChangeLogRepository(db, reader), watch),
    idempotency: createIdempotencyRepository(db, reader),
    ping: async () => {
      if (ownPing) await ownPing.ping();
      else await sql`SELECT 1`.execute(db);
    },
    close: async () => {
      // The app's connection closes last: the last connection's close folds the WAL into the file.
      await checkpoints?.close();
      ownPing?.close();
      if (reader !== db) await reader.destroy();
      await db.destroy();
    },
  };
  try {
    await assertWritable(db);
    if (options.migrate !== false) await migrateToLatest(db, dialect, { schema: options.schema });
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

/** SQLite's instances share only the file: each reads the change log's head this often (one indexed max). */
const SQLITE_POLL_MS = 100;
/** PostgreSQL's instances hear every commit by NOTIFY; they read the head anyway this often, as a backstop. */
const POSTGRES_BACKSTOP_POLL_MS = 2_000;

/** PostgreSQL's pool already reads beside a writer: its reads need no connection of their own. */
const postgresOpened = (db: Kysely<Database>) => ({
  db,
  reader: db,
  thoughts: postgresThoughts,
  checkpoints: undefined,
  importWriter: undefined,
});

/** Thrown when the database opens and reads but refuses writes; the message is for the person starting us. */
export class ReadOnlyDatabaseError extends Error {}

// PostgreSQL: a read-only transaction (a standby, default_transaction_read_only) or a missing privilege.
const readOnlyCodes = /^(25006|42501)$/;
// SQLite: a write-protected file or folder (SQLITE_READONLY_*, or no room for the WAL file beside it).
const sqliteReadOnly = new Set<number>([SqliteCode.READONLY, SqliteCode.CANTOPEN, SqliteCode.PERM]);

/**
 * A database that can be read but not written would otherwise start fine and then fail every write with
 * a 500; a table created and rolled back at open finds it first, on either dialect.
 */
export async function assertWritable(db: Kysely<Database>): Promise<void> {
  const probed = new Error("write probe rolled back");
  try {
    await db.transaction().execute(async (tx) => {
      await sql`CREATE TABLE memoteca_write_probe (id integer)`.execute(tx);
      throw probed;
    });
  } catch (error) {
    if (error === probed) return;
    const code = (error as { code?: unknown }).code;
    const sqlite = sqlitePrimaryCode(error);
    if ((typeof code === "string" && readOnlyCodes.test(code)) || sqliteReadOnly.has(sqlite ?? 0)) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ReadOnlyDatabaseError(
        `o banco de dados abre mas não aceita escrita (arquivo ou pasta somente leitura, servidor em modo leitura ou usuário sem permissão): ${reason}`,
      );
    }
    throw error;
  }
}
