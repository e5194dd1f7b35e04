import { type Kysely, sql } from "kysely";
import type { Database } from "./schema";

/** What a request may see: whether a password is set, and until when its session lasts (if it has one). */
export interface Access {
  passwordSet: boolean;
  /** Epoch ms; undefined when the token names no session (or the request carried none). */
  sessionExpiresAt?: number;
}

export interface SignInWindow {
  /** Failed attempts of this client in the current window (the one just counted included). */
  attempts: number;
  /** Epoch ms at which the window closes and the count starts again. */
  windowEndsAt: number;
}

export interface AuthRepository {
  /** One query, run on every guarded request; a token hash of "" names no session. */
  access(tokenHash: string): Promise<Access>;
  passwordHash(): Promise<string | undefined>;
  /** Sets or replaces the password, ending every session: whoever knew the old one is out. */
  setPassword(hash: string): Promise<void>;
  /** Removes the password and every session; false when there was none. */
  removePassword(): Promise<boolean>;
  /**
   * Opens a session, provided the password is still the one that was checked (a change in between ends it
   * before it starts); false otherwise. Expired sessions go at the same time.
   */
  createSession(session: {
    tokenHash: string;
    passwordHash: string;
    now: number;
    expiresAt: number;
  }): Promise<boolean>;
  renewSession(tokenHash: string, expiresAt: number): Promise<void>;
  endSession(tokenHash: string): Promise<void>;
  /**
   * Replaces the hash of the password by another hash of the same password (made at a higher cost),
   * provided it is still `previous`; sessions stay open. False when the password changed meanwhile.
   */
  replacePasswordHash(previous: string, next: string): Promise<boolean>;
  /** The failed sign-ins of the client in its open window; none when its window has closed. */
  signInFailures(client: string, now: number): Promise<SignInWindow | undefined>;
  /** Counts one failed sign-in of the client, in one statement, so parallel failures are all counted. */
  countSignInAttempt(client: string, now: number, windowMs: number): Promise<SignInWindow>;
  forgetSignInAttempts(client: string): Promise<void>;
}

const PASSWORD_KEY = "password_hash";

/**
 * The password and the sessions; no state of its own, so instances agree. The check every guarded request
 * makes, and the password's read, go to `reader` (committed data, beside an import on SQLite).
 */
export function createAuthRepository(db: Kysely<Database>, reader = db): AuthRepository {
  return {
    async access(tokenHash) {
      const row = await reader
        .selectNoFrom((eb) => [
          eb.selectFrom("settings").select("value").where("key", "=", PASSWORD_KEY).as("password_hash"),
          eb.selectFrom("sessions").select("expires_at").where("token_hash", "=", tokenHash).as("expires_at"),
        ])
        .executeTakeFirstOrThrow();
      return {
        passwordSet: row.password_hash != null,
        ...(row.expires_at == null ? {} : { sessionExpiresAt: Number(row.expires_at) }),
      };
    },

    async passwordHash() {
      const row = await reader
        .selectFrom("settings")
        .select("value")
        .where("key", "=", PASSWORD_KEY)
        .executeTakeFirst();
      return row?.value;
    },

    async setPassword(hash) {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto("settings")
          .values({ key: PASSWORD_KEY, value: hash })
          .onConflict((conflict) => conflict.column("key").doUpdateSet({ value: hash }))
          .execute();
        await trx.deleteFrom("sessions").execute();
      });
    },

    removePassword: () =>
      db.transaction().execute(async (trx) => {
        const removed = await trx.deleteFrom("settings").where("key", "=", PASSWORD_KEY).executeTakeFirst();
        await trx.deleteFrom("sessions").execute();
        return Number(removed.numDeletedRows) > 0;
      }),

    async createSession({ tokenHash, passwordHash, now, expiresAt }) {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom("sessions").where("expires_at", "<=", now).execute();
        // The casts give PostgreSQL the types of the selected parameters (it would take them for text).
        const inserted = await sql`
          INSERT INTO sessions (token_hash, created_at, expires_at)
          SELECT CAST(${tokenHash} AS TEXT), CAST(${now} AS BIGINT), CAST(${expiresAt} AS BIGINT)
          FROM settings WHERE key = ${PASSWORD_KEY} AND value = ${passwordHash}`.execute(trx);
        return Number(inserted.numAffectedRows ?? 0) > 0;
      });
    },

    async renewSession(tokenHash, expiresAt) {
      await db
        .updateTable("sessions")
        .set({ expires_at: expiresAt })
        .where("token_hash", "=", tokenHash)
        .execute();
    },

    async endSession(tokenHash) {
      await db.deleteFrom("sessions").where("token_hash", "=", tokenHash).execute();
    },

    async replacePasswordHash(previous, next) {
      const updated = await db
        .updateTable("settings")
        .set({ value: next })
        .where("key", "=", PASSWORD_KEY)
        .where("value", "=", previous)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0;
    },

    async signInFailures(client, now) {
      const row = await db
        .selectFrom("sign_in_attempts")
        .select(["attempts", "window_ends_at"])
        .where("client", "=", client)
        .where("window_ends_at", ">", now)
        .executeTakeFirst();
      return row && { attempts: Number(row.attempts), windowEndsAt: Number(row.window_ends_at) };
    },

    async countSignInAttempt(client, now, windowMs) {
      return db.transaction().execute(async (trx) => {
        // Windows that have closed are of no use to anyone: the table holds only the last minute's clients.
        await trx.deleteFrom("sign_in_attempts").where("window_ends_at", "<=", now).execute();
        const { rows } = await sql<{ attempts: number; window_ends_at: number | string }>`
          INSERT INTO sign_in_attempts (client, attempts, window_ends_at) VALUES (${client}, 1, ${now + windowMs})
          ON CONFLICT (client) DO UPDATE SET attempts = sign_in_attempts.attempts + 1
          RETURNING attempts, window_ends_at`.execute(trx);
        const row = rows[0];
        if (!row) throw new Error("counting a sign-in attempt returned no row");
        return { attempts: Number(row.attempts), windowEndsAt: Number(row.window_ends_at) };
      });
    },

    async forgetSignInAttempts(client) {
      await db.deleteFrom("sign_in_attempts").where("client", "=", client).execute();
    },
  };
}
