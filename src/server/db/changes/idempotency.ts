import { AsyncLocalStorage } from "node:async_hooks";
import type { Kysely, Transaction } from "kysely";
import { IDEMPOTENCY_HOURS } from "../../../domain/contract";
import type { Database } from "../schema";

/**
 * An `Idempotency-Key` (issue 42) as the write it came with carries it to its transaction: what the request
 * was (method, path, a hash of its body) and how the write's result becomes the HTTP answer, which the
 * route gives. The route runs its repository call inside `withIdempotencyKey`; the repository's transaction
 * records the key and that answer as its last statements before the change log (finishWrite), so the key is
 * stored if and only if the write commits: a crash between the two cannot keep one without the other.
 */
export interface IdempotencyClaim {
  key: string;
  method: string;
  path: string;
  bodyHash: string;
  /**
   * The first answer, from the write's result: the status and the JSON body (undefined for none); undefined
   * when the result is a failure that wrote nothing (a 404), which records no key.
   */
  answer(result: unknown): { status: number; body: unknown } | undefined;
  /** Set once the key is written in a transaction (which may yet roll back and be run again). */
  recorded?: boolean;
}

/** A key as stored: the request it came with and its first answer. */
export interface StoredIdempotency {
  method: string;
  path: string;
  bodyHash: string;
  status: number;
  /** The answer's body, as JSON text (null for none). */
  answer: string | null;
}

const claims = new AsyncLocalStorage<IdempotencyClaim>();

/**
 * Thrown by withIdempotencyKey when the key was recorded meanwhile by another request (another instance,
 * or a process on the same SQLite file): the write rolled back; the caller answers from that record.
 */
export class IdempotencyKeyTakenError extends Error {}

/** The primary key of idempotency_keys refused a second row: PostgreSQL's 23505, SQLite's message. */
function keyTaken(error: unknown): boolean {
  const { code, message, constraint } = (error ?? {}) as {
    code?: unknown;
    message?: unknown;
    constraint?: unknown;
  };
  if (code === "23505") return String(constraint ?? "").startsWith("idempotency_keys");
  return typeof message === "string" && message.includes("idempotency_keys.key");
}

/** Runs `write` (one repository write) with the request's key, which its transaction then records. */
export async function withIdempotencyKey<T>(claim: IdempotencyClaim, write: () => Promise<T>): Promise<T> {
  try {
    return await claims.run(claim, write);
  } catch (error) {
    if (keyTaken(error)) throw new IdempotencyKeyTakenError(claim.key, { cause: error });
    throw error;
  }
}

/** Whether the running write carries an Idempotency-Key, whose record its transaction must write. */
export const idempotencyClaimed = () => claims.getStore() !== undefined;

export const IDEMPOTENCY_KEEP_MS = IDEMPOTENCY_HOURS * 60 * 60 * 1000;

/**
 * Inside the write's transaction: stores the key with the answer its result makes. A write that changed
 * nothing (a 404) records nothing, so its repeat is run again and answers the same. Two requests with the
 * same key at once on two instances both reach this INSERT: the second waits for the first's commit and
 * fails on the primary key, which rolls its write back (the route then answers from the first's record).
 */
export async function recordIdempotentAnswer(trx: Transaction<Database>, result: unknown): Promise<void> {
  const claim = claims.getStore();
  const answer = claim?.answer(result);
  if (!claim || !answer) return;
  const { status, body } = answer;
  const now = Date.now();
  // An expired key is free again: its row goes first (the purge below is only by the way).
  await trx
    .deleteFrom("idempotency_keys")
    .where("key", "=", claim.key)
    .where("expires_at", "<=", now)
    .execute();
  await trx
    .insertInto("idempotency_keys")
    .values({
      key: claim.key,
      method: claim.method,
      path: claim.path,
      body_hash: claim.bodyHash,
      status,
      answer: body === undefined ? null : JSON.stringify(body),
      expires_at: now + IDEMPOTENCY_KEEP_MS,
    })
    .execute();
  claim.recorded = true;
}

export interface IdempotencyRepository {
  /** The key's request and first answer, if it was used in the last 24 hours. */
  find(key: string, now: number): Promise<StoredIdempotency | undefined>;
  /** Deletes the keys past their 24 hours; how many went. */
  purge(now: number): Promise<number>;
}

export function createIdempotencyRepository(
  db: Kysely<Database>,
  reader: Kysely<Database> = db,
): IdempotencyRepository {
  return {
    async find(key, now) {
      const row = await reader
        .selectFrom("idempotency_keys")
        .select(["method", "path", "body_hash", "status", "answer"])
        .where("key", "=", key)
        .where("expires_at", ">", now)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        method: row.method,
        path: row.path,
        bodyHash: row.body_hash,
        status: Number(row.status),
        answer: row.answer,
      };
    },
    async purge(now) {
      const result = await db
        .deleteFrom("idempotency_keys")
        .where("expires_at", "<=", now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
