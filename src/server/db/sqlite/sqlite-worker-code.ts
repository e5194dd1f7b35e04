import { OPEN_WORKER_CONNECTION } from "./worker-connection-code";

/**
 * The code of the thread that runs SQL for the main thread (sqlite-worker.ts), plain JavaScript run with
 * `eval` like the checkpoint worker's, and for the same reasons. It opens its own connection to
 * `workerData.file`, set up as the app's (WAL, `synchronous = FULL`, the same busy timeout; checkpoints
 * left to the checkpoint worker, or to the app's connection if that one stopped), and answers each
 * message `{ sql, parameters }` in the order they came: `{ rows }` for a statement that returns rows,
 * `{ changes, lastInsertRowid }` for another, `{ error }` with node:sqlite's fields when SQLite refuses it.
 * A message `{ close: true }` closes the connection (rolling back a transaction left open) and lets the
 * thread end. Statements are prepared once per SQL text.
 */
export const SQLITE_WORKER = `
${OPEN_WORKER_CONNECTION}
connection.exec("PRAGMA wal_autocheckpoint = 0");
const statements = new Map();

function run({ sql, parameters }) {
  let statement = statements.get(sql);
  if (!statement) {
    statement = connection.prepare(sql);
    statements.set(sql, statement);
  }
  if (statement.columns().length > 0) return { rows: statement.all(...parameters) };
  const { changes, lastInsertRowid } = statement.run(...parameters);
  return { changes, lastInsertRowid };
}

parentPort.on("message", (message) => {
  if (message.close) {
    connection.close();
    parentPort.close();
    return;
  }
  try {
    parentPort.postMessage(run(message));
  } catch (error) {
    const { message: text, code, errcode, errstr } = error;
    parentPort.postMessage({ error: { message: text, code, errcode, errstr } });
  }
});
parentPort.postMessage({ ready: true });
`;
