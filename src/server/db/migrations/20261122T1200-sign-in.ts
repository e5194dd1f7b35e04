import { type Kysely, type Migration, sql } from "kysely";

/**
 * What the optional password needs: `settings` (its scrypt hash, under `password_hash`), `sessions` (a hash
 * of each signed-in browser's token, with its expiry) and `sign_in_attempts` (per client, to slow guessing).
 * Times are epoch milliseconds; the dialects differ only in the integer type that holds them.
 */
export function signIn(dialect: "sqlite" | "postgres"): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's Database type.
    async up(db: Kysely<any>) {
      // The migrator runs every pending migration in one transaction, on both dialects (sqlite-dialect.ts).
      await up(db, dialect);
    },
    // biome-ignore lint/suspicious/noExplicitAny: see up().
    async down(db: Kysely<any>) {
      await sql`DROP TABLE sign_in_attempts`.execute(db);
      await sql`DROP TABLE sessions`.execute(db);
      await sql`DROP TABLE settings`.execute(db);
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: see signIn().
async function up(db: Kysely<any>, dialect: "sqlite" | "postgres") {
  const millis = dialect === "sqlite" ? sql.raw("INTEGER") : sql.raw("BIGINT");
  await sql`CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)`.execute(db);
  await sql`CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    created_at ${millis} NOT NULL,
    expires_at ${millis} NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX sessions_expires_at ON sessions (expires_at)`.execute(db);
  await sql`CREATE TABLE sign_in_attempts (
    client TEXT PRIMARY KEY,
    attempts INTEGER NOT NULL,
    window_ends_at ${millis} NOT NULL
  )`.execute(db);
}
