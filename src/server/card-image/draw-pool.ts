import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import type { CardThought } from "./layout";

/** The drawing ran past the pool's hard limit: its worker was ended, a fresh one draws the next card. */
export class DrawAbandonedError extends Error {}
/** The pool was closed (the app is closing) before the card was drawn. */
export class DrawPoolClosedError extends Error {}

export interface DrawPool {
  /** The card's PNG, drawn in one of the pool's worker threads. */
  render(thought: CardThought): Promise<Buffer>;
  /** Ends every worker (a drawing under way is dropped); the pool draws nothing more. */
  close(): Promise<void>;
  /** Workers alive now: none before the first card, none once closed. */
  workers(): number;
}

export interface DrawPoolOptions {
  /** Workers at most: one per drawing the draw queue lets run at once. */
  size: number;
  /**
   * A drawing still running after this long is no slow card but a stuck renderer: its worker is ended.
   * Far above the request's own patience (5 s), which lets a drawing finish for the next ask. It counts from
   * the card's handing to the pool (an abort signal is all piscina takes), so a fresh worker's start is
   * inside it: a fraction of a second from the build, against 30 s.
   */
  hardLimitMs?: number;
  /** The worker's module, whose default export draws a card; tests give stand-ins. */
  entry?: URL;
}

/**
 * Where the drawing worker is, beside this module: in the sources (tsx, vitest) the TypeScript file; in the
 * bundle (dist/server/main.js) the file the build writes next to it (scripts/build.mjs).
 */
const fromSources = import.meta.url.endsWith(".ts");
const DRAW_WORKER = fromSources
  ? new URL("./draw-worker.ts", import.meta.url)
  : new URL("./card-draw-worker.js", import.meta.url);

/** Whether these Node flags already load tsx: `--import tsx`, or the tsx command's own loader and preflight. */
export function loadsTypeScript(flags: readonly string[]): boolean {
  return flags.some((flag) => /(^|[=/\\])tsx($|[/\\])/.test(flag));
}

/**
 * At most `size` worker threads (piscina's), started on the first cards (a worker loads satori's
 * WebAssembly and the fonts, some hundreds of milliseconds, once) and kept for the next. A TypeScript entry
 * runs through tsx's loader (a dev dependency, present wherever sources run), registered in the worker
 * before piscina imports the entry.
 */
export function createDrawPool({
  size,
  hardLimitMs = 30_000,
  entry = DRAW_WORKER,
}: DrawPoolOptions): DrawPool {
  let piscina: Piscina<CardThought, Uint8Array> | undefined;
  let closed = false;

  // Made on the first card: a pool starts no worker before it has something to draw.
  const pool = () => {
    piscina ??= new Piscina({
      filename: fileURLToPath(entry),
      minThreads: 0,
      maxThreads: size,
      // Kept for the life of the server: the next card would pay the worker's start again.
      idleTimeout: Number.POSITIVE_INFINITY,
      // tsx's loader for a TypeScript entry, added only where the parent has none (the tests' runner): flags
      // given here are checked as inherited ones are not, and Node refuses V8's in a worker's execArgv
      // (ERR_WORKER_INVALID_EXEC_ARGV), such as production's `--optimize-for-size` with which the benchmarks
      // start the server from its sources. A parent that loads tsx itself passes nothing: its worker inherits.
      execArgv:
        entry.pathname.endsWith(".ts") && !loadsTypeScript(process.execArgv)
          ? [...process.execArgv, "--import", "tsx"]
          : undefined,
    });
    return piscina;
  };

  return {
    async render(thought) {
      if (closed) throw new DrawPoolClosedError();
      try {
        // Aborting a running task ends its worker; piscina starts a fresh one for the next card.
        const png = await pool().run(thought, { signal: AbortSignal.timeout(hardLimitMs) });
        return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
      } catch (error) {
        if (closed) throw new DrawPoolClosedError();
        if (error instanceof Error && error.name === "AbortError") throw new DrawAbandonedError();
        throw error;
      }
    },
    async close() {
      closed = true;
      await piscina?.destroy();
    },
    workers: () => piscina?.threads.length ?? 0,
  };
}
