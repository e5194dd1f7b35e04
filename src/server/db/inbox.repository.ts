import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "./schema";

/** The one row of `inbox_secrets`. */
const ROW = 1;
/** 32 random bytes, written as base64url: 43 characters, 256 bits. */
const SECRET_BYTES = 32;

/**
 * The private inbox's secret (`inbox_secrets`): the long random part of the address an e-reader posts its
 * highlights to. Made on first ask, shown in the settings, replaced by a rotation; every check reads the
 * table, so a rotated secret stops working at once on every instance.
 */
export interface InboxRepository {
  /** The current secret, made now if there is none yet. */
  secret(now: number): Promise<string>;
  /** A new secret in place of the old one, which stops working at once. */
  rotate(now: number): Promise<string>;
  /** Whether `candidate` is the current secret, compared in constant time (false when there is none). */
  matches(candidate: string): Promise<boolean>;
}

const newSecret = () => randomBytes(SECRET_BYTES).toString("base64url");
/** Both sides hashed first: equal lengths for timingSafeEqual, whatever the candidate's length. */
const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();

export function createInboxRepository(db: Kysely<Database>): InboxRepository {
  async function read(): Promise<string | undefined> {
    const row = await db
      .selectFrom("inbox_secrets")
      .select("secret")
      .where("id", "=", ROW)
      .executeTakeFirst();
    return row?.secret;
  }

  return {
    async secret(now) {
      const current = await read();
      if (current !== undefined) return current;
      // Two first asks at once: the second insert does nothing, and both read the one that stayed.
      await db
        .insertInto("inbox_secrets")
        .values({ id: ROW, secret: newSecret(), created_at: now })
        .onConflict((conflict) => conflict.column("id").doNothing())
        .execute();
      const made = await read();
      if (made === undefined) throw new Error("the inbox's secret was written but cannot be read");
      return made;
    },

    async rotate(now) {
      const secret = newSecret();
      await db
        .insertInto("inbox_secrets")
        .values({ id: ROW, secret, created_at: now })
        .onConflict((conflict) => conflict.column("id").doUpdateSet({ secret, created_at: now }))
        .execute();
      return secret;
    },

    async matches(candidate) {
      const current = await read();
      if (current === undefined) return false;
      return timingSafeEqual(digest(candidate), digest(current));
    },
  };
}
