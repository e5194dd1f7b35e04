import { type Kysely, type Migration, sql } from "kysely";

/**
 * The source filter's index: a source's thoughts (`fonte`, as written) found by an index range, and its
 * page ordered by place (`local`) from the few rows it names, where a scan of 100,000 thoughts took
 * milliseconds. The same on both databases.
 */
export function sourceIndex(_dialect: "sqlite" | "postgres"): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's Database type.
    async up(db: Kysely<any>) {
      await sql`CREATE INDEX thoughts_fonte_id ON thoughts (fonte, id)`.execute(db);
    },
    // biome-ignore lint/suspicious/noExplicitAny: see up().
    async down(db: Kysely<any>) {
      await sql`DROP INDEX thoughts_fonte_id`.execute(db);
    },
  };
}
