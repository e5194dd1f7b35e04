import type * as NodeSqlite from "node:sqlite";

/**
 * Node's built-in SQLite driver. Node 22 still calls it experimental and prints an ExperimentalWarning the
 * first time it loads, which would greet every start and every command; Node 24 and 26 no longer do. It is
 * loaded here, at run time, with that one warning left out (any other still goes through).
 */
function loadQuietly(): typeof NodeSqlite {
  const emitWarning = process.emitWarning;
  process.emitWarning = function skipSqliteNotice(this: NodeJS.Process, warning, ...rest: unknown[]) {
    const text = typeof warning === "string" ? warning : warning.message;
    const type = typeof rest[0] === "string" ? rest[0] : (rest[0] as { type?: string } | undefined)?.type;
    if (type === "ExperimentalWarning" && text.startsWith("SQLite")) return;
    // biome-ignore lint/suspicious/noExplicitAny: the arguments pass through unchanged, whatever overload
    (emitWarning as (...args: any[]) => void).call(this, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    return process.getBuiltinModule("node:sqlite");
  } finally {
    process.emitWarning = emitWarning;
  }
}

export const { DatabaseSync } = loadQuietly();
export type DatabaseSync = NodeSqlite.DatabaseSync;
export type { SQLInputValue, StatementSync } from "node:sqlite";
