import { OPEN_WORKER_CONNECTION } from "./worker-connection-code";

/**
 * The checkpoint worker's code, plain JavaScript run with `eval`: a file of its own would need tsx's loader
 * in the sources (seconds to start a worker on a loaded machine) and an entry of its own in the bundle.
 * It opens its own connection to `workerData.file` and runs a PASSIVE checkpoint every `everyMs`, and when
 * the parent posts "now" (answering with the pragma's row). "close" closes the connection and lets the
 * thread end. A checkpoint that throws ends the worker with the error, which the parent hears.
 */
export const WAL_CHECKPOINT_WORKER = `
${OPEN_WORKER_CONNECTION}
const checkpoint = connection.prepare("PRAGMA wal_checkpoint(PASSIVE)");
const timer = setInterval(() => checkpoint.get(), workerData.everyMs);
parentPort.on("message", (message) => {
  if (message === "now") {
    parentPort.postMessage({ ...checkpoint.get() });
  } else if (message === "close") {
    clearInterval(timer);
    connection.close();
    parentPort.close();
  }
});
`;
