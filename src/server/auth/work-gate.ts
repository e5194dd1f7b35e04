/** A task refused because the gate's waiting line is full. */
export class GateFullError extends Error {
  constructor() {
    super("too many tasks waiting");
  }
}

export interface RunOptions {
  /** Once aborted, the task never starts: it leaves the line at once. */
  signal?: AbortSignal;
  /** Waits ahead of the others, and is never refused for a full line. */
  first?: boolean;
}

interface Waiter {
  enter: () => void;
  first: boolean;
}

/**
 * At most `limit` tasks run at once; the others wait their turn, first come first served, those marked
 * `first` ahead of the rest. Past `maxWaiting` tasks waiting, another (not `first`) is refused at once with
 * GateFullError: the line never grows without bound. Password hashing goes through one, so that a flood of
 * guesses neither takes every core (and the memory scrypt needs per hash) from the rest of the server nor
 * keeps the owner's browser waiting behind it.
 */
export function createWorkGate(limit: number, { maxWaiting = Number.POSITIVE_INFINITY } = {}) {
  let running = 0;
  const waiting: Waiter[] = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next.enter();
    else running -= 1;
  };

  /** Waits for a place; a waiter whose signal aborts leaves the line at once, holding no place. */
  function place(first: boolean, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        first,
        enter: () => {
          signal?.removeEventListener("abort", leave);
          resolve();
        },
      };
      function leave() {
        const index = waiting.indexOf(waiter);
        if (index >= 0) waiting.splice(index, 1);
        reject(signal?.reason);
      }
      const behind = first ? waiting.findIndex((other) => !other.first) : -1;
      if (behind >= 0) waiting.splice(behind, 0, waiter);
      else waiting.push(waiter);
      signal?.addEventListener("abort", leave, { once: true });
    });
  }

  /**
   * Runs the task when a place is free. With a signal (a guess whose client may hang up), the task never
   * starts once it has aborted: the work is for an answer nobody would read.
   */
  async function run<T>(task: () => Promise<T>, { signal, first = false }: RunOptions = {}): Promise<T> {
    signal?.throwIfAborted();
    if (running < limit) running += 1;
    else if (!first && waiting.filter((waiter) => !waiter.first).length >= maxWaiting)
      throw new GateFullError();
    // The finishing task hands its place over directly, so `running` never drops below the line's needs.
    else await place(first, signal);
    try {
      signal?.throwIfAborted();
      return await task();
    } finally {
      release();
    }
  }

  return {
    run,
    /** Tasks running now, and tasks waiting for a place (for tests and logs). */
    load: () => ({ running, waiting: waiting.length }),
  };
}

export type WorkGate = ReturnType<typeof createWorkGate>;
