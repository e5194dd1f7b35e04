import { setImmediate as nextTurn } from "node:timers/promises";

/**
 * A long piece of work on the event loop, cut into slices: call the returned function often (once per item
 * is cheap); once a slice has run `sliceMs`, it waits one turn of the loop, so the requests that arrived
 * meanwhile (a health check, the wall) are answered between two slices. Without it, reading the 100,000
 * items of one file held every other request for seconds.
 */
export function pacer(sliceMs = 10): () => Promise<void> {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart < sliceMs) return;
    await nextTurn();
    sliceStart = performance.now();
  };
}
