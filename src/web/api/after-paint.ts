/**
 * Resolves once the next frame has been painted: work that need not be on it (a request, a write to the
 * device) starts after the answer to a press is on screen, not before it (INP counts from the press to that
 * paint). A hidden page paints no frame: after `fallbackMs` at most, it goes on anyway.
 */
export function afterNextPaint(fallbackMs = 100): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const run = () => {
      if (done) return;
      done = true;
      clearTimeout(fallback);
      resolve();
    };
    const fallback = setTimeout(run, fallbackMs);
    // A timer queued from the frame's callback runs after that frame's paint.
    if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => setTimeout(run, 0));
    else setTimeout(run, 0);
  });
}
