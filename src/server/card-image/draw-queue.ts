/** Every drawing slot is taken and the waiting line is full: the request is refused at once (429). */
export class CardsBusyError extends Error {}
/** The card was not ready within the request's patience (503); its drawing goes on, for the next ask. */
export class CardTooSlowError extends Error {}

export interface DrawQueueOptions {
  /** Drawings at once in the whole server: each holds a core for up to seconds on a hostile text. */
  concurrency: number;
  /** Requests that may wait for a slot; one more is refused. */
  waiting: number;
}

/**
 * At most `concurrency` drawings run at once; the next few wait their turn in order, the rest are refused.
 * A drawing holds its slot until it really ends, even after its requests gave up on it: a request that
 * stops waiting does not stop the CPU, and letting another drawing start beside it would undo the bound.
 *
 * In front of the pool rather than piscina's own `maxQueue`: the bound holds for any drawing the card images
 * are given (the route's tests give in-process stand-ins, whose line and refusals they check), and piscina
 * is never handed more cards than it has threads, so its hard limit (draw-pool.ts) never counts a wait in
 * line. A request that gives up aborts nothing: its card is drawn on and kept for the next ask.
 */
export function createDrawQueue({ concurrency, waiting }: DrawQueueOptions) {
  let running = 0;
  const line: (() => void)[] = [];

  const release = () => {
    running -= 1;
    const next = line.shift();
    if (next) next();
  };

  return {
    /** Runs `draw` when a slot is free; rejects with CardsBusyError when the line is full. */
    run<T>(draw: () => Promise<T>): Promise<T> {
      const start = () => {
        running += 1;
        return draw().finally(release);
      };
      if (running < concurrency) return start();
      if (line.length >= waiting) return Promise.reject(new CardsBusyError());
      return new Promise<T>((resolve, reject) => {
        line.push(() => {
          start().then(resolve, reject);
        });
      });
    },
  };
}

/** Settles like `work`, or rejects with CardTooSlowError after `ms`; `work` itself runs on. */
export async function withinPatience<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CardTooSlowError()), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
