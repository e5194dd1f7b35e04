/**
 * The opening of a worker thread's own SQLite connection, as plain JavaScript for the workers run with
 * `eval` (wal-checkpoint-worker.ts, sqlite-worker-code.ts): `connection` to `workerData.file`, waiting up to
 * `workerData.busyTimeoutMs` for a lock, with `synchronous = FULL` like the app's. Node 22 warns once that
 * node:sqlite is experimental; that notice is left out, as in node-sqlite.ts.
 */
export const OPEN_WORKER_CONNECTION = `
const { parentPort, workerData } = process.getBuiltinModule("node:worker_threads");
const emitWarning = process.emitWarning;
process.emitWarning = function (warning, ...rest) {
  const text = typeof warning === "string" ? warning : warning.message;
  if (String(text).startsWith("SQLite")) return;
  return emitWarning.call(this, warning, ...rest);
};
const { DatabaseSync } = process.getBuiltinModule("node:sqlite");
process.emitWarning = emitWarning;

const connection = new DatabaseSync(workerData.file, { timeout: workerData.busyTimeoutMs });
connection.exec("PRAGMA synchronous = FULL");
`;
