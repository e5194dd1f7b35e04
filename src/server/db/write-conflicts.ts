import { setTimeout as sleep } from "node:timers/promises";

/**
 * PostgreSQL's SQLSTATEs for a transaction it chose to abort because another one wrote the same rows:
 * 40001 (serialization failure) and 40P01 (deadlock detected). Neither says the request was wrong; the
 * same transaction, run again, usually goes through.
 */
const conflictCodes = new Set(["40001", "40P01"]);

export function isWriteConflict(error: unknown): boolean {
  return conflictCodes.has(String((error as { code?: unknown } | undefined)?.code));
}

/** Still conflicting after every attempt: the API answers 503 with Retry-After, worth sending again. */
export class WriteConflictError extends Error {
  /** What the answer's Retry-After says: by then the writers it met have long committed. */
  readonly retryAfterSeconds = 1;
}

export interface RetryOptions {
  /** Runs in all, the first included. */
  attempts: number;
  /** Waits before the attempt after `attempt` (1 for the first). */
  pause(attempt: number): Promise<void>;
}

/**
 * A few tries, each later and at a random point of its window, so that two transactions that crossed once
 * do not start again in step: about 10-40 ms, then 20-80, then 30-120.
 */
export const DEFAULT_RETRY: RetryOptions = {
  attempts: 4,
  pause: (attempt) => sleep(attempt * (10 + Math.random() * 30)),
};

/**
 * Runs `transaction` again, whole, when the database aborted it for a conflict with another writer; any
 * other failure goes through at once. Only for a transaction that can be run again as it is (it holds no
 * effect outside the database).
 */
export async function retryingConflicts<T>(
  transaction: () => Promise<T>,
  { attempts, pause }: RetryOptions = DEFAULT_RETRY,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (!isWriteConflict(error)) throw error;
      if (attempt >= attempts) {
        throw new WriteConflictError("the write met other writers on every attempt", { cause: error });
      }
      await pause(attempt);
    }
  }
}
