import { parentPort } from "node:worker_threads";
import type { CardThought } from "./layout";

/** What the pool sends a drawing worker: one card to draw, named by a number the answer carries back. */
export interface DrawRequest {
  id: number;
  thought: CardThought;
}

/** A drawing worker's answer: the PNG's bytes (their buffer moved, not copied), or why it failed. */
export type DrawAnswer = { id: number; png: Uint8Array } | { id: number; error: string };
/** Sent once, when the worker's modules are loaded: its drawings' time limit starts then, not before. */
export interface DrawReady {
  ready: true;
}

/**
 * Serves drawings inside a worker thread, one message at a time: the pool gives a worker one card at once.
 * The drawing worker and the tests' stand-ins share it, so they speak the pool's protocol alike.
 */
export function serveDrawings(render: (thought: CardThought) => Promise<Uint8Array>): void {
  const port = parentPort;
  if (!port) throw new Error("serveDrawings runs in a worker thread");
  port.on("message", async ({ id, thought }: DrawRequest) => {
    try {
      // A copy in a buffer of its own: a small Buffer may sit in Node's shared pool, which cannot be moved.
      const png = new Uint8Array(await render(thought));
      port.postMessage({ id, png } satisfies DrawAnswer, [png.buffer]);
    } catch (error) {
      port.postMessage({
        id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies DrawAnswer);
    }
  });
  port.postMessage({ ready: true } satisfies DrawReady);
}
