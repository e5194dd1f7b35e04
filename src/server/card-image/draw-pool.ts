import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { DrawAnswer, DrawReady, DrawRequest } from "./draw-worker-serve";
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
   * Far above the request's own patience (5 s), which lets a drawing finish for the next ask.
   */
  hardLimitMs?: number;
  /** The worker's module; tests give stand-ins that speak the same protocol (draw-worker-serve.ts). */
  entry?: URL;
}

/**
 * Where the drawing worker is, beside this module: in the sources (tsx, vitest) the TypeScript file, which
 * a worker can load only through tsx's loader (tsx is a dev dependency, present wherever sources run); in
 * the bundle (dist/server/main.js) the file the build writes next to it (scripts/build.mjs).
 */
const fromSources = import.meta.url.endsWith(".ts");
const DRAW_WORKER = fromSources
  ? new URL("./draw-worker.ts", import.meta.url)
  : new URL("./card-draw-worker.js", import.meta.url);

/**
 * A worker of `entry`. A TypeScript entry is loaded through tsx's loader, registered inside the worker
 * first: on Node 20, `--import tsx` in a worker's execArgv comes too late for the worker's own entry.
 */
function startWorker(entry: URL): Worker {
  if (!entry.pathname.endsWith(".ts")) return new Worker(entry);
  // tsx's ESM API (its "import" condition, which require.resolve would not pick), from tsx's own folder.
  const tsxFolder = dirname(createRequire(import.meta.url).resolve("tsx/package.json"));
  const tsx = pathToFileURL(join(tsxFolder, "dist/esm/api/index.mjs")).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(bootstrap, { eval: true });
}

interface Job {
  request: DrawRequest;
  resolve: (png: Buffer) => void;
  reject: (error: Error) => void;
}

/**
 * At most `size` worker threads, started on the first card (a worker loads satori's WebAssembly and the
 * fonts, some hundreds of milliseconds, once) and kept for the next. A worker draws one card at a time; a
 * card asked for while all are busy waits for the first free one. A worker that dies fails its card, and
 * the next card starts a new one.
 */
export function createDrawPool({
  size,
  hardLimitMs = 30_000,
  entry = DRAW_WORKER,
}: DrawPoolOptions): DrawPool {
  const idle: Worker[] = [];
  const busy = new Map<Worker, { job: Job; timer?: NodeJS.Timeout }>();
  // Workers whose modules are loaded: starting one from the sources (tsx) takes seconds on a loaded machine.
  const ready = new Set<Worker>();
  const line: Job[] = [];
  const live = new Set<Worker>();
  let nextId = 0;
  let closed = false;

  const finish = (worker: Worker) => {
    const current = busy.get(worker);
    busy.delete(worker);
    if (current) clearTimeout(current.timer);
    return current?.job;
  };

  const forget = (worker: Worker, why: Error) => {
    live.delete(worker);
    ready.delete(worker);
    const index = idle.indexOf(worker);
    if (index >= 0) idle.splice(index, 1);
    finish(worker)?.reject(why);
    // Its place is free: the first card in line gets a fresh worker.
    const next = line.shift();
    if (next) give(next);
  };

  const start = (): Worker => {
    const worker = startWorker(entry);
    live.add(worker);
    worker.on("message", (answer: DrawAnswer | DrawReady) => {
      if ("ready" in answer) {
        ready.add(worker);
        const current = busy.get(worker);
        if (current) current.timer = limit(worker);
        return;
      }
      const job = finish(worker);
      if (job) {
        if ("png" in answer)
          job.resolve(Buffer.from(answer.png.buffer, answer.png.byteOffset, answer.png.length));
        else job.reject(new Error(answer.error));
      }
      // A worker ended for its time limit may still answer before it stops: it takes no more cards.
      if (!live.has(worker)) return;
      const next = line.shift();
      if (next) send(worker, next);
      else idle.push(worker);
    });
    worker.on("error", (error) => forget(worker, error));
    worker.on("exit", (code) => forget(worker, new Error(`the drawing worker ended (${code})`)));
    return worker;
  };

  const limit = (worker: Worker) =>
    setTimeout(() => {
      finish(worker)?.reject(new DrawAbandonedError());
      live.delete(worker);
      void worker.terminate();
    }, hardLimitMs);

  // A worker still loading gets its card now (messages wait for it) and its time limit once it is ready.
  const send = (worker: Worker, job: Job) => {
    busy.set(worker, { job, timer: ready.has(worker) ? limit(worker) : undefined });
    worker.postMessage(job.request);
  };

  const give = (job: Job) => {
    const worker = idle.pop() ?? (live.size < size ? start() : undefined);
    if (worker) send(worker, job);
    else line.push(job);
  };

  return {
    render(thought) {
      if (closed) return Promise.reject(new DrawPoolClosedError());
      return new Promise<Buffer>((resolve, reject) => {
        give({ request: { id: nextId++, thought }, resolve, reject });
      });
    },
    async close() {
      closed = true;
      for (const job of line.splice(0)) job.reject(new DrawPoolClosedError());
      const ending = [...live];
      for (const worker of ending) finish(worker)?.reject(new DrawPoolClosedError());
      await Promise.all(ending.map((worker) => worker.terminate()));
      live.clear();
      ready.clear();
      idle.length = 0;
    },
    workers: () => live.size,
  };
}
