import { Worker } from "node:worker_threads";
import { WAL_CHECKPOINT_WORKER } from "./wal-checkpoint-worker";

/** What `PRAGMA wal_checkpoint` answers: busy 1 when it could not finish, frames in the WAL and copied. */
export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

export interface WalCheckpoints {
  /** A checkpoint now, in the worker (the worker also runs one every `everyMs` by itself). */
  now(): Promise<CheckpointResult>;
  /** Ends the worker and closes its connection, so the app's connection can be the file's last. */
  close(): Promise<void>;
}

export interface WalCheckpointOptions {
  /** The worker's period (default every second: the WAL grows by at most a second of writes). */
  everyMs?: number;
  /** How long the worker's connection waits for a lock it needs, like the app's. */
  busyTimeoutMs: number;
  /** The worker failed or died: from now on the app's connection must checkpoint by itself. */
  onFailure(error: Error): void;
  /** The worker's code; tests give stand-ins that fail. */
  source?: string;
}

const CHECKPOINT_EVERY_MS = 1_000;

/**
 * A worker thread with a connection of its own that runs `PRAGMA wal_checkpoint(PASSIVE)` every second.
 * SQLite's auto-checkpoint runs on the connection that commits, synchronously: after a big import it
 * copied some 100 MB of WAL into the database file on the main thread, holding every request for more
 * than half a second. A PASSIVE checkpoint waits for no lock and blocks neither readers nor the writer.
 * The worker is unref'd (except while it is being closed): a script that exits without closing its store
 * is not held open by it.
 */
export function startWalCheckpoints(file: string, options: WalCheckpointOptions): WalCheckpoints {
  const { everyMs = CHECKPOINT_EVERY_MS, busyTimeoutMs, onFailure } = options;
  const source = options.source ?? WAL_CHECKPOINT_WORKER;
  const worker = new Worker(source, { eval: true, workerData: { file, everyMs, busyTimeoutMs } });
  worker.unref();
  const waiting: { resolve(result: CheckpointResult): void; reject(error: Error): void }[] = [];
  let state: "running" | "closing" | "stopped" = "running";
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));

  const stop = (error: Error) => {
    for (const asked of waiting.splice(0)) asked.reject(error);
    if (state === "running") onFailure(error);
    state = "stopped";
  };
  worker.on("message", (result: CheckpointResult) => waiting.shift()?.resolve(result));
  worker.on("error", stop);
  worker.on("exit", (code) => stop(new Error(`the checkpoint worker exited with code ${code}`)));

  return {
    now() {
      if (state !== "running") return Promise.reject(new Error("the checkpoint worker is not running"));
      return new Promise((resolve, reject) => {
        waiting.push({ resolve, reject });
        worker.postMessage("now");
      });
    },
    async close() {
      if (state === "running") {
        state = "closing";
        // Unref'd, the worker would not keep the process alive until it has closed its connection.
        worker.ref();
        worker.postMessage("close");
      }
      await exited;
    },
  };
}
