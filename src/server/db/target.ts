import { resolve } from "node:path";

/** Which database to open: a SQLite file (or `:memory:`), or a PostgreSQL server by its URL. */
export type DatabaseTarget = { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };

/** PostgreSQL's bounds on waiting: a stalled link or server ends in an error instead of a hang. */
export interface DatabaseTimeouts {
  /** Opening a connection, and waiting for a free one in the pool (DATABASE_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs: number;
  /** One statement, on the server and, a little later, on our side of the socket (DATABASE_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs: number;
}

/** How long PostgreSQL may take to accept a connection, and to answer one query. */
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectTimeoutMs: 5_000,
  statementTimeoutMs: 10_000,
};

/** Parses `file:path` (or `sqlite:path`, `:memory:`) and `postgres://…` URLs; anything else is an error. */
export function parseDatabaseUrl(url: string): DatabaseTarget | string {
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: "postgres", url };
  const file = url.match(/^(?:file|sqlite):(.+)$/)?.[1];
  if (file === ":memory:") return { kind: "sqlite", file };
  if (file) return { kind: "sqlite", file: resolve(file.replace(/^\/\/(?=\/)/, "")) };
  return "esquema não suportado: use file:caminho/arquivo.db ou postgres://usuario@host/banco";
}
