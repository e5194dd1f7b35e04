/**
 * At most `limit` tasks run at once; the others wait their turn, first come first served. Password hashing
 * goes through one, so that a flood of guesses queues instead of taking every core (and the memory scrypt
 * needs per hash) from the rest of the server.
 */
export function createWorkGate(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };

  /** Waits for a place; a waiter whose signal aborts leaves the queue at once, holding no place. */
  function place(signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const leave = () => {
        const index = waiting.indexOf(enter);
        if (index >= 0) waiting.splice(index, 1);
        reject(signal?.reason);
      };
      function enter() {
        signal?.removeEventListener("abort", leave);
        resolve();
      }
      waiting.push(enter);
      signal?.addEventListener("abort", leave, { once: true });
    });
  }

  /**
   * Runs the task when a place is free. With a signal (a guess whose client may hang up), the task never
   * starts once it has aborted: the work is for an answer nobody would read.
   */
  async function run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    if (running < limit) running += 1;
    // The finishing task hands its place over directly, so `running` never drops below the queue's needs.
    else await place(signal);
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
