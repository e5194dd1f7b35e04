import { useEffect } from "react";
import { useValue, valueStore } from "./value-store";

/**
 * How long the page must have loaded before what waits for it starts: past its first paint and the moments
 * in which it becomes responsive. What starts then (the live updates, the day's review count, the wall's
 * prefetch of the other screens in router.tsx) comes with the forms' chunk, which the first visit does not
 * carry.
 */
const SETTLED_MS = 2000;
/** How long the browser may then wait for an idle moment before it counts as settled anyway. */
const SETTLE_WITHIN_MS = 3000;

/** True once this page has loaded and settled; it stays so for the page's life. */
const settled = valueStore<true>();
let waiting = false;

function waitForSettled(): void {
  if (waiting || typeof window === "undefined") return;
  waiting = true;
  const done = () => settled.set(true);
  const whenLoaded = () => {
    window.setTimeout(() => {
      if (typeof requestIdleCallback === "function") requestIdleCallback(done, { timeout: SETTLE_WITHIN_MS });
      else done();
    }, SETTLED_MS);
  };
  if (document.readyState === "complete") whenLoaded();
  else addEventListener("load", whenLoaded, { once: true });
}

/**
 * Whether the page has loaded and settled (see SETTLED_MS): false in the server's render and the hydration
 * that matches it, and until then. The parts drawn only from then on load their code after the first visit.
 */
export function useSettled(): boolean {
  const now = useValue(settled) === true;
  useEffect(waitForSettled, []);
  return now;
}
