import { type Kysely, type Migration, sql } from "kysely";

/**
 * The `Idempotency-Key`s of the last 24 hours (issue 42): the key, the request it came with (method, path, a
 * SHA-256 of its body), and the first answer (status and JSON body, or null for none), written in the same
 * transaction as the write it answered, so a crash keeps both or neither. `expires_at` (epoch ms) is indexed
 * for the purge. Texts and a BIGINT (SQLite's INTEGER holds 64 bits): the same on both databases. Frozen.
 */
export function idempotencyKeys(dialect: "sqlite" | "postgres"): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's Database type.
    async up(db: Kysely<any>) {
      const millis = sql.raw(dialect === "sqlite" ? "INTEGER" : "BIGINT");
      await sql`CREATE TABLE idempotency_keys (
        key TEXT PRIMARY KEY,
        method TEXT NOT NULL,
        path TEXT NOT NULL,
        body_hash TEXT NOT NULL,
        status INTEGER NOT NULL,
        answer TEXT,
        expires_at ${millis} NOT NULL
      )`.execute(db);
      await sql`CREATE INDEX idempotency_keys_expires_at ON idempotency_keys (expires_at)`.execute(db);
    },
    // biome-ignore lint/suspicious/noExplicitAny: see up().
    async down(db: Kysely<any>) {
      await sql`DROP TABLE idempotency_keys`.execute(db);
    },
  };
}
