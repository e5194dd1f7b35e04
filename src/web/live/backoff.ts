/** The first wait before connecting again, and the longest: a server that stays down is asked twice a minute. */
export const FIRST_WAIT_MS = 1000;
export const LONGEST_WAIT_MS = 30_000;

/**
 * How long to wait before the `attempt`-th try to reconnect (0 for the first): doubling from a second up to
 * half a minute, and each wait drawn between its half and its whole (jitter), so the browsers a restarted
 * server dropped all at once do not all come back in the same instant.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.min(attempt, 16));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
