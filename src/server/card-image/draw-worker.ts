/**
 * The entry of a card-drawing worker thread (built as dist/server/card-draw-worker.js), run by piscina
 * (draw-pool.ts): satori's layout and resvg's drawing hold a core for up to a second on a hostile text,
 * which here is this thread's, not the event loop's. The engines and fonts load once per worker, on its
 * first card (engines.ts, fonts.ts).
 */
import { Piscina } from "piscina";
import type { CardThought } from "./layout";
import { renderCardPng } from "./render";

export default async function drawCard(thought: CardThought) {
  // A copy in a buffer of its own, moved rather than copied back: a small Buffer may sit in Node's shared
  // pool, which cannot be moved.
  return Piscina.move(new Uint8Array(await renderCardPng(thought)));
}
