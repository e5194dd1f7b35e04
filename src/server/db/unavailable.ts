import { SqliteCode, sqlitePrimaryCode } from "./sqlite/sqlite-errors";
import type { DatabaseTimeouts } from "./target";

/**
 * Failures that say "the database cannot answer right now", not "this request is wrong": the link broke or
 * stalled, the server is shutting down, or it is busy. The API answers them 503, worth trying again.
 */

/** The messages pg and pg-pool give to link failures that carry no code. */
const linkMessages = [
  "Connection terminated", // also "… unexpectedly" and "… due to connection timeout"
  "Query read timeout",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
];

/** Socket errors: nothing listens, the link reset or timed out, the name does not resolve right now. */
const socketCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENETDOWN",
  "EAI_AGAIN",
]);

/**
 * SQLSTATE: class 08 (connection exception), 57014 (statement_timeout cancelled the query), 57P01/57P02/
 * 57P03 (the server is stopping or starting), 57P05 (idle session timeout), 53300 (too many connections).
 */
const codePattern = /^(08[0-9A-Z]{3}|57014|57P0[1235]|53300)$/;

/** SQLite: SQLITE_BUSY/SQLITE_LOCKED come after its busy timeout, another writer still holding the file. */
const sqliteBusy = new Set<number>([SqliteCode.BUSY, SqliteCode.LOCKED]);

/** True when `error` (or what it wraps) is a database that is out of reach or busy, not a bad request. */
export function isDatabaseUnavailable(error: unknown): boolean {
  // A pool error may wrap the socket error (`cause`); Node's AggregateError lists one per address tried.
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (socketCodes.has(code) || codePattern.test(code))) return true;
    if (sqliteBusy.has(sqlitePrimaryCode(current) ?? 0)) return true;
    if (linkMessages.some((message) => current instanceof Error && current.message.startsWith(message))) {
      return true;
    }
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true;
    current = current.cause;
  }
  return false;
}

const seconds = (ms: number) => `${(ms / 1000).toLocaleString("pt-BR")} s`;

/**
 * Why the database could not be reached, in words for the person starting the server and naming the
 * variable to look at; undefined when the failure is something else (a wrong password, a missing database).
 */
export function unavailableReason(error: unknown, timeouts: DatabaseTimeouts): string | undefined {
  if (!isDatabaseUnavailable(error)) return undefined;
  const text = messagesOf(error);
  if (/connection timeout|trying to connect/.test(text)) {
    return `o banco de dados não respondeu em ${seconds(timeouts.connectTimeoutMs)} (DATABASE_CONNECT_TIMEOUT_MS)`;
  }
  if (/Query read timeout|57014/.test(text)) {
    return `o banco de dados não respondeu em ${seconds(timeouts.statementTimeoutMs)} (DATABASE_STATEMENT_TIMEOUT_MS)`;
  }
  if (/ECONNREFUSED/.test(text)) {
    return "nada aceita conexões no endereço de DATABASE_URL (ECONNREFUSED): o PostgreSQL está rodando, nesse host e porta?";
  }
  return `o banco de dados não está respondendo (${text})`;
}

/** Every message and code along the `cause` chain and inside an AggregateError, for a single line. */
function messagesOf(error: unknown, depth = 0): string {
  if (!(error instanceof Error) || depth > 5) return String(error);
  const code = (error as { code?: unknown }).code;
  const parts = [error.message, typeof code === "string" ? code : ""];
  if (error instanceof AggregateError)
    parts.push(...error.errors.map((inner) => messagesOf(inner, depth + 1)));
  if (error.cause !== undefined) parts.push(messagesOf(error.cause, depth + 1));
  return parts.filter(Boolean).join(": ");
}
