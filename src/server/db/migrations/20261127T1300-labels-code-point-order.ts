import { type Kysely, type Migration, sql } from "kysely";

/**
 * The labels list reads a page, or a prefix's range, in the order of the keys' code points, the same on
 * both databases. SQLite's key index already compares that way (BINARY); PostgreSQL's follows the
 * database's locale, whose order no range of code points can use, so it gets an index in the "C" collation.
 * Frozen like every migration: it takes a database it does not type.
 */
export function labelsCodePointOrder(dialect: "sqlite" | "postgres"): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's Database type.
    async up(db: Kysely<any>) {
      if (dialect === "postgres") {
        await sql`CREATE INDEX labels_key_code_points ON labels (key COLLATE "C")`.execute(db);
      }
    },
    // biome-ignore lint/suspicious/noExplicitAny: see up().
    async down(db: Kysely<any>) {
      if (dialect === "postgres") await sql`DROP INDEX labels_key_code_points`.execute(db);
    },
  };
}
