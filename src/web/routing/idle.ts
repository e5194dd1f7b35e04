/**
 * Runs `run` when the browser is next idle; a moment later where it cannot say (no requestIdleCallback).
 * Returns what cancels it, should it not have run yet.
 */
export function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const idle = window.requestIdleCallback(() => run());
    return () => window.cancelIdleCallback(idle);
  }
  const timer = window.setTimeout(run, 1);
  return () => window.clearTimeout(timer);
}

/** Runs `run` once the page has loaded and the browser is then idle: out of the first paint's way. */
export function whenLoadedAndIdle(run: () => void): void {
  const start = () => whenIdle(run);
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}
