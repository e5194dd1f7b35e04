import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "../../../test-support/server/api-client";
import { openTestStore, type TestStore } from "../../../test-support/server/test-stores";
import { apiPaths } from "../../domain/contract";
import { openSqliteConnection } from "./sqlite/open-sqlite";
import { isDatabaseUnavailable, unavailableReason } from "./unavailable";

const withCode = (code: string, message = "falhou") => Object.assign(new Error(message), { code });
/** What node:sqlite throws: one code for every failure, SQLite's extended result code in errcode. */
const sqliteError = (errcode: number, message = "falhou") =>
  Object.assign(new Error(message), { code: "ERR_SQLITE_ERROR", errcode });
const timeouts = { connectTimeoutMs: 5_000, statementTimeoutMs: 10_000 };

describe("isDatabaseUnavailable", () => {
  it.each([
    ["a connection that ended under a query", new Error("Connection terminated unexpectedly")],
    [
      "a connection that could not open in time",
      new Error("Connection terminated due to connection timeout"),
    ],
    ["a query our side gave up on", new Error("Query read timeout")],
    ["a pool with no free connection in time", new Error("timeout exceeded when trying to connect")],
    [
      "a client whose link broke earlier",
      new Error("Client has encountered a connection error and is not queryable"),
    ],
    ["nothing listening", withCode("ECONNREFUSED")],
    ["a reset link", withCode("ECONNRESET")],
    [
      "the server shutting down (57P01)",
      withCode("57P01", "terminating connection due to administrator command"),
    ],
    ["a crash shutdown (57P02)", withCode("57P02")],
    ["a server still starting (57P03)", withCode("57P03", "the database system is starting up")],
    ["a connection exception (08006)", withCode("08006")],
    ["statement_timeout (57014)", withCode("57014", "canceling statement due to statement timeout")],
    ["too many connections (53300)", withCode("53300")],
    ["SQLite busy past its timeout", sqliteError(5, "database is locked")],
    ["SQLite busy, extended code", sqliteError(517)],
    ["SQLite locked", sqliteError(6)],
    [
      "a socket error wrapped by the pool",
      new Error("could not connect", { cause: withCode("ECONNREFUSED") }),
    ],
    [
      "one error per address tried",
      new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")], ""),
    ],
  ])("is true for %s", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation (23505)", withCode("23505", "duplicate key value")],
    ["a read-only transaction (25006)", withCode("25006")],
    ["a wrong password (28P01)", withCode("28P01", "password authentication failed")],
    ["a missing table (42P01)", withCode("42P01")],
    ["SQLite's constraint failure", sqliteError(2067, "UNIQUE constraint failed")],
    ["a plain bug", new TypeError("x is not a function")],
    ["something that is not an error", "Connection terminated"],
  ])("is false for %s", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe("unavailableReason", () => {
  it("names the variable whose time ran out, in seconds", () => {
    const connect = new Error("Connection terminated due to connection timeout");
    expect(unavailableReason(connect, { ...timeouts, connectTimeoutMs: 2_500 })).toBe(
      "o banco de dados não respondeu em 2,5 s (DATABASE_CONNECT_TIMEOUT_MS)",
    );
    expect(unavailableReason(new Error("Query read timeout"), timeouts)).toBe(
      "o banco de dados não respondeu em 10 s (DATABASE_STATEMENT_TIMEOUT_MS)",
    );
  });

  it("says nothing listens, even when Node reports one empty error per address tried", () => {
    const refused = new AggregateError([withCode("ECONNREFUSED", "connect ECONNREFUSED ::1:5432")], "");
    expect(unavailableReason(Object.assign(refused, { code: "ECONNREFUSED" }), timeouts)).toContain(
      "nada aceita conexões no endereço de DATABASE_URL (ECONNREFUSED)",
    );
  });

  it("leaves other failures to their own message", () => {
    expect(unavailableReason(withCode("28P01", "password authentication failed"), timeouts)).toBeUndefined();
  });
});

describe("the API on a database that is busy or gone", () => {
  let test: TestStore;
  beforeAll(async () => {
    test = await openTestStore("sqlite");
  });
  afterAll(async () => {
    await test?.cleanup();
  });

  it("answers 503 unavailable, with our body, when a query fails on a broken connection", async () => {
    const broken = withCode("57P01", "terminating connection due to administrator command");
    const store = {
      ...test.store,
      thoughts: { ...test.store.thoughts, list: () => Promise.reject(broken) },
    };
    const api = await apiClient(store);
    try {
      const response = await api.call({ method: "GET", url: apiPaths.thoughts });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        error: {
          code: "unavailable",
          message: "O servidor não está respondendo. Tente de novo em instantes.",
        },
      });
    } finally {
      await api.app.close();
    }
  });

  it("answers 503 unavailable when another process holds SQLite's write lock past the busy timeout", async () => {
    const api = await apiClient(test.store);
    const holder = openSqliteConnection(test.databaseUrl.replace(/^file:/, ""));
    try {
      holder.exec("BEGIN IMMEDIATE");
      const body = { conteudo: "Espera a vez", autoria: "Quem escreve", modelo: "modelo1", favorito: false };
      const response = await api.call({ method: "POST", url: apiPaths.thoughts, payload: body });
      expect(response.statusCode).toBe(503);
      expect(response.json().error.code).toBe("unavailable");
    } finally {
      holder.exec("ROLLBACK");
      holder.close();
      await api.app.close();
    }
  });
});
