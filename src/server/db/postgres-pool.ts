import type { PostgresCursor, PostgresPool, PostgresQueryResult } from "kysely";
import pg from "pg";

/**
 * pg's pool as Kysely uses it, except that a client whose link failed leaves the pool instead of going
 * back to it.
 *
 * pg keeps a client whose query ran past query_timeout: that query is still in flight on the socket, so
 * the next query on the client would queue behind it and time out in its turn, and on a stalled link the
 * pool would fill with such clients. So any failure the server did not report itself (a DatabaseError is
 * the server answering, on a link that works) marks the client broken: its later queries fail at once with
 * the same error, so a transaction's ROLLBACK does not wait a second time, and its release hands the error
 * to the pool, which then closes the client (destroying the socket when a query is still in flight).
 */
export function discardingBrokenClients(pool: pg.Pool): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      let broken: Error | undefined;
      const run = async <R>(sql: string, parameters: readonly unknown[]) => {
        if (broken) throw broken;
        try {
          return (await client.query<R & pg.QueryResultRow>(sql, [...parameters])) as PostgresQueryResult<R>;
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
