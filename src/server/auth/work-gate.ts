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

  async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running < limit) running += 1;
    // The finishing task hands its place over directly, so `running` never drops below the queue's needs.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
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
