import type { CompiledQuery, DatabaseConnection, QueryResult } from "kysely";
import { SqliteCode, sqlitePrimaryCode } from "./sqlite-errors";

/** How a main-thread connection waits for another process's write lock: asked again, never slept on. */
export interface BusyPatience {
  /** How long, in all, a statement keeps asking before its SQLITE_BUSY goes up (then a 503). */
  waitMs: number;
  /** Whether the connection is inside a transaction, where a failed statement cannot simply be asked again. */
  inTransaction(): boolean;
}

/** The pauses between two tries, as SQLite's own busy handler spaces them, then its longest again and again. */
const PAUSES_MS = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100];

/**
 * node:sqlite is synchronous: its busy timeout waits for another process's write lock on the main thread,
 * and a second server on the same file held its event loop 5 s at a time (health checks and reads with it)
 * before answering 503. The main thread's connections wait 0 ms in SQLite instead, and a statement that meets
 * SQLITE_BUSY outside a transaction (a `BEGIN IMMEDIATE`, or a statement on its own) has done nothing, so it
 * is asked again after a pause that lets other requests run, until `waitMs` has passed in all. Inside a
 * transaction the write lock is already held (every write transaction begins IMMEDIATE), so a BUSY there
 * is rare and goes up at once, and Kysely rolls the transaction back.
 */
export function patientConnection(
  connection: DatabaseConnection,
  patience: BusyPatience,
): DatabaseConnection {
  return {
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      const deadline = performance.now() + patience.waitMs;
      for (let attempt = 0; ; attempt++) {
        try {
          return await connection.executeQuery<R>(query);
        } catch (error) {
          const pause = PAUSES_MS[Math.min(attempt, PAUSES_MS.length - 1)] ?? 100;
          const retry =
            sqlitePrimaryCode(error) === SqliteCode.BUSY &&
            !patience.inTransaction() &&
            performance.now() + pause <= deadline;
          if (!retry) throw error;
          await new Promise((wake) => setTimeout(wake, pause));
        }
      }
    },
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  };
}
