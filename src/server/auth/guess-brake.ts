/**
 * How wrong passwords are slowed down, per client address. Only failures count: a right password is never
 * refused, whoever else guessed from the same address (a shared home or office address, a NAT), it may
 * only wait its turn. The guesser's cost grows with each failure instead.
 */

/** Failures of one address in a window answered 401; past them, a wrong password gets 429 with Retry-After. */
export const SIGN_IN_ATTEMPTS = 5;
/** A window opens at an address's first failure and closes this long after, forgetting its failures. */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 15_000;

/**
 * The wait before an address's next try is checked: none before a failure, then 0.25 s doubling with each
 * failure up to 15 s. With one try of an address checked at a time, that holds a guesser to about four
 * tries a minute, while an owner who mistyped twice waits half a second.
 */
export function failureDelay(failures: number): number {
  if (failures <= 0) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - 1), MAX_DELAY_MS);
}

/**
 * One try at a time per address, in order of arrival: parallel guesses from one address cannot share a
 * delay, each waits for the one before it. Addresses do not wait for each other (only for the hashing
 * gate, see password-hash.ts).
 */
export function createTurns() {
  const tails = new Map<string, Promise<unknown>>();
  return async function inTurn<T>(client: string, task: () => Promise<T>): Promise<T> {
    const before = tails.get(client) ?? Promise.resolve();
    const mine = before.then(task, task);
    const tail = mine.catch(() => undefined);
    tails.set(client, tail);
    try {
      return await mine;
    } finally {
      // The last try of an address leaves nothing behind: the map holds only addresses with tries in flight.
      if (tails.get(client) === tail) tails.delete(client);
    }
  };
}
