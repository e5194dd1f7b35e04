/**
 * How wrong passwords are slowed down, per brake: a client address, or a device (a browser that signed in
 * before, named by its signed cookie), so that a neighbour guessing from a shared address (a home or office
 * router, a NAT) does not slow the owner's browser. Only failures count: the guesser's cost grows with each.
 */

/** Failures of one brake in a window answered 401; past them, a wrong password gets 429 with Retry-After. */
export const SIGN_IN_ATTEMPTS = 5;
/** A window opens at a brake's first failure and closes this long after, forgetting its failures. */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 15_000;

/**
 * The wait before a brake's next try is checked: none before a failure, then 0.25 s doubling with each
 * failure up to 15 s. With one try of a brake in hand at a time, that holds a guesser to about four tries
 * a minute, while an owner who mistyped twice waits half a second.
 */
export function failureDelay(failures: number): number {
  if (failures <= 0) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - 1), MAX_DELAY_MS);
}

/** One guess holding its brake, until it is answered or dropped. */
export interface Lane {
  /** When the guess's wait for the brake ends (epoch ms): a guess refused meanwhile is told how long is left. */
  waitsUntil(at: number): void;
  leave(): void;
}

/**
 * One guess at a time per brake (an address, or a device that signed in before): a second one, while the
 * first waits out the brake or is being checked, is refused at once with the seconds left instead of
 * queueing. Nothing else is kept, so a flood of guesses holds at most one request per brake, and the map
 * holds only brakes with a guess in hand. It lives in each server's memory: the failures it brakes on are
 * counted in the database, shared by every instance.
 */
export function createLanes() {
  const held = new Map<string, number>();
  return function enter(brake: string, now: number): Lane | { retryAfterSeconds: number } {
    const waitEndsAt = held.get(brake);
    if (waitEndsAt !== undefined) {
      // A guess being checked takes about a second (one scrypt hash), so a second is the least to wait.
      return { retryAfterSeconds: Math.max(1, Math.ceil((waitEndsAt - now) / 1000)) };
    }
    held.set(brake, now);
    let left = false;
    return {
      waitsUntil: (at) => {
        if (!left) held.set(brake, at);
      },
      leave: () => {
        left = true;
        held.delete(brake);
      },
    };
  };
}
