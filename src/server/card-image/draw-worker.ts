/**
 * The entry of a card-drawing worker thread (built as dist/server/card-draw-worker.js): satori's layout and
 * resvg's drawing hold a core for up to a second on a hostile text, which here is this thread's, not the
 * event loop's. The engines and fonts load once per worker, on its first card (engines.ts, fonts.ts).
 */
import { serveDrawings } from "./draw-worker-serve";
import { renderCardPng } from "./render";

serveDrawings(renderCardPng);
