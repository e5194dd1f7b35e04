import type { PostgresCursor, PostgresPool, PostgresQueryResult } from "kysely";
import pg from "pg";

/**
 * pg's pool as Kysely uses it, with one change: a client whose link failed leaves the pool instead of going
 * back to it. pg keeps a client whose query ran past query_timeout: that query is still in flight on the
 * socket, so the next query on the client would queue behind it and time out in its turn, and on a stalled
 * link the pool would fill with such clients. So any failure the server did not report itself (a
 * DatabaseError is the server answering, on a link that works) marks the client broken: its later queries
 * fail at once with the same error, so a transaction's ROLLBACK does not wait a second time, and its
 * release hands the error to the pool, which then closes the client (destroying the socket when a query is
 * still in flight).
 */
export function discardingBrokenClients(pool: pg.Pool): PostgresPool {
  const named = namingStatements();
  return {
    async connect() {
      let client = await pool.connect();
      let broken: Error | undefined;
      let first = true;
      const send = async <R>(sql: string, parameters: readonly unknown[]) => {
        const name = named(sql);
        const values = [...parameters];
        const result = await (name
          ? client.query<R & pg.QueryResultRow>({ name, text: sql, values })
          : client.query<R & pg.QueryResultRow>(sql, values));
        return result as PostgresQueryResult<R>;
      };
      // A connection the server ended while it sat idle in the pool (a restart, pg_terminate_backend) can
      // be handed out before its end is heard. Its first statement, a read or a BEGIN, is sent again once
      // on a new connection: running either twice changes nothing.
      const sendOnce = async <R>(sql: string, parameters: readonly unknown[]) => {
        const retriable = first && REPEATABLE.test(sql);
        first = false;
        try {
          return await send<R>(sql, parameters);
        } catch (error) {
          if (!retriable || !linkEnded(error)) throw error;
          // The new one first: should none come, the old one is still ours to release, once.
          const fresh = await pool.connect();
          client.release(error as Error);
          client = fresh;
          return await send<R>(sql, parameters);
        }
      };
      const run = async <R>(sql: string, parameters: readonly unknown[]) => {
        if (broken) throw broken;
        try {
          return await sendOnce<R>(sql, parameters);
        } catch (error) {
          if (!(error instanceof pg.DatabaseError) && error instanceof Error) broken = error;
          throw error;
        }
      };
      function query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>>;
      function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
      function query<R>(
        sql: string | PostgresCursor<R>,
        parameters: readonly unknown[] = [],
      ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
        // The dialect is given no cursor class, so Kysely never streams and never passes one.
        if (typeof sql !== "string") throw new Error("streaming is not configured for PostgreSQL");
        return run<R>(sql, parameters);
      }
      return { query, release: () => client.release(broken) };
    },
    end: () => pool.end(),
  };
}

/**
 * The link ended under the statement: the server closed the session (57P01-57P03, class 08) or the socket
 * went. Not a timeout: a statement that ran too long would only run too long again.
 */
function linkEnded(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && /^(08[0-9A-Z]{3}|57P0[123]|ECONNRESET|EPIPE)$/.test(code)) return true;
  return (
    error.message.startsWith("Connection terminated unexpectedly") ||
    error.message.startsWith("Client has encountered a connection error and is not queryable")
  );
}

/** What may run twice without changing anything: a read, or the start of a transaction. */
const REPEATABLE = /^\s*(select|begin)\b/i;

/** The app runs a few dozen distinct SQL texts; past this many, a text runs unnamed (planned each time). */
const NAMED_STATEMENTS_MAX = 200;
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;
/**
 * A match by pattern (the search's `like` on the trigram index, strpos() on the folded author). A named
 * statement gets PostgreSQL's generic plan after its fifth run, and a generic plan cannot see the pattern
 * it will be given: the two-word search went from 2 ms to 8-10 ms on its sixth run at 100,000 thoughts
 * (2026-11-27). Such statements run unnamed, planned each time with their words (about 0.3 ms).
 */
const BY_PATTERN = /\blike\b|\bstrpos\(/i;

/**
 * A name per distinct SQL text, so each connection parses and plans a statement once and then only binds
 * and runs it: measured on this machine, 20 to 60 µs less per query, for the one or two queries of every
 * request. Only statements that read or write data are named (a DDL or a BEGIN gains nothing), and none
 * holds `SELECT *`, so a migration by another instance never changes the columns a prepared one returns.
 * A connection behind a transaction-pooling proxy (PgBouncer in transaction mode before 1.21) cannot keep
 * prepared statements: point DATABASE_URL at PostgreSQL itself or a session-pooling proxy.
 */
export function namingStatements(): (sql: string) => string | undefined {
  const names = new Map<string, string>();
  return (sql) => {
    const known = names.get(sql);
    if (known !== undefined || names.size >= NAMED_STATEMENTS_MAX) return known;
    if (!DATA_STATEMENT.test(sql) || BY_PATTERN.test(sql)) return undefined;
    const name = `memoteca_${names.size + 1}`;
    names.set(sql, name);
    return name;
  };
}
