import { sql } from "kysely";
import type { DatabaseTarget } from "../config";
import { createAuthRepository } from "./auth.repository";
import { openPostgres, openSqlite, type PostgresOptions } from "./connections";
import { migrateToLatest } from "./migrate";
import type { DialectName, Store } from "./store";
import { postgresThoughts } from "./thoughts.postgres";
import { createThoughtsRepository } from "./thoughts.repository";
import { sqliteThoughts } from "./thoughts.sqlite";

export type { DialectName, Store } from "./store";

export interface OpenOptions extends PostgresOptions {
  /** Brings the schema up to date before answering (default true). */
  migrate?: boolean;
}

/** Opens the target and decides, once, everything that differs between the two databases. */
export async function openStore(target: DatabaseTarget, options: OpenOptions = {}): Promise<Store> {
  const dialect: DialectName = target.kind;
  const { db, thoughts } =
    target.kind === "sqlite"
      ? { db: openSqlite(target.file), thoughts: sqliteThoughts }
      : { db: openPostgres(target.url, options), thoughts: postgresThoughts };
  const store: Store = {
    db,
    dialect,
    thoughts: createThoughtsRepository(db, thoughts),
    auth: createAuthRepository(db),
    ping: async () => {
      await sql`SELECT 1`.execute(db);
    },
    close: () => db.destroy(),
  };
  if (options.migrate !== false) {
    try {
      await migrateToLatest(db, dialect, { schema: options.schema });
    } catch (error) {
      await store.close();
      throw error;
    }
  }
  return store;
}
