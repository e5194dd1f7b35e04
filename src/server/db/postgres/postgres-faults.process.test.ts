import { randomBytes } from "node:crypto";
import { CompiledQuery } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnServer } from "../../../../test-support/server/spawn-server";
import { silentServer, storeThroughProxy, throughPort } from "../../../../test-support/server/stalled-link";
import {
  openTestStore,
  type TestStore,
  testDatabaseUrl,
  testDialects,
  whileSchemasStand,
} from "../../../../test-support/server/test-stores";
import { openStore } from "../database";
import { isDatabaseUnavailable, unavailableReason } from "../unavailable";

const postgres = testDialects().find(({ name }) => name === "postgres");

/** A URL whose connections carry a name of their own, so a test can end them without touching other suites'. */
function named(url: string): { url: string; applicationName: string } {
  const applicationName = `memoteca_faults_${randomBytes(4).toString("hex")}`;
  const tagged = new URL(url);
  tagged.searchParams.set("application_name", applicationName);
  return { url: tagged.toString(), applicationName };
}

/** Ends every backend that carries `applicationName` (pg_terminate_backend, as an admin or a failover would). */
async function terminateBackends(admin: pg.Client, applicationName: string): Promise<number> {
  const { rows } = await admin.query<{ ended: boolean }>(
    "SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = $1",
    [applicationName],
  );
  return rows.filter((row) => row.ended).length;
}

const isOurUnavailable = (body: unknown) =>
  typeof body === "object" &&
  body !== null &&
  (body as { error?: { code?: unknown; message?: unknown } }).error?.code === "unavailable" &&
  typeof (body as { error: { message?: unknown } }).error.message === "string";

describe.skipIf(!postgres?.available)("PostgreSQL faults", () => {
  let test: TestStore;
  let admin: pg.Client;

  beforeAll(async () => {
    test = await openTestStore("postgres");
    const thoughts = Array.from({ length: 60 }, (_, i) => ({
      conteudo: `Pensamento ${i}`,
      autoria: "Quem testa",
      modelo: "modelo1" as const,
      favorito: false,
      etiquetas: [],
      fonte: "",
      local: "",
      nota: "",
    }));
    await test.store.thoughts.insertMany(thoughts);
    admin = new pg.Client({ connectionString: testDatabaseUrl() });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await test?.cleanup();
  });

  it("a server whose backends are terminated during a burst stays up, answers 2xx or 503 unavailable, then 200", async () => {
    const { url, applicationName } = named(test.databaseUrl);
    const server = spawnServer({ PORT: "0", DATABASE_URL: url, WRITE_RATE_LIMIT: "0" });
    try {
      const [, origin = ""] = await whileSchemasStand("postgres", () =>
        server.waitFor(/Memoteca em (http:\/\/\S+)/),
      );
      const answers: { status: number; body: unknown }[] = [];
      // A process that died answers nothing at all: recorded as status 0, never thrown mid-burst.
      const ask = async (path: string) => {
        try {
          const response = await fetch(`${origin}${path}`);
          answers.push({ status: response.status, body: await response.json() });
        } catch (error) {
          answers.push({ status: 0, body: String(error) });
        }
      };
      let terminated = 0;
      for (let round = 0; round < 15; round++) {
        const burst = Array.from({ length: 12 }, (_, i) =>
          ask(i % 3 === 0 ? "/api/health" : `/api/pensamentos?_page=${1 + (i % 4)}&_limit=10&q=Pensa`),
        );
        // Mid-burst: some requests hold a connection in a query, others wait for one, others are idle.
        await new Promise((resolve) => setTimeout(resolve, round % 4));
        terminated += await terminateBackends(admin, applicationName);
        await Promise.all(burst);
      }

      expect(terminated).toBeGreaterThan(0);
      expect(server.child.exitCode).toBeNull();
      const unexpected = answers.filter(
        ({ status, body }) => status !== 200 && !(status === 503 && isOurUnavailable(body)),
      );
      expect(unexpected).toEqual([]);
      const after = await fetch(`${origin}/api/pensamentos?_limit=5`);
      expect(after.status).toBe(200);
      expect(await after.json()).toHaveLength(5);
      expect(server.output()).not.toMatch(/Unhandled 'error' event/);
    } finally {
      server.child.kill("SIGKILL");
      await server.exited;
    }
  });

  it("a read on a stalled link fails once the query timeout is over, its connection is closed, and the next one works", async () => {
    const { proxy, store } = await storeThroughProxy({ statementTimeoutMs: 500, connectTimeoutMs: 500 });
    try {
      await store.ping();
      const open = proxy.openConnections();
      expect(open).toBeGreaterThan(0);
      proxy.stall();
      const started = Date.now();
      await expect(store.ping()).rejects.toThrow("Query read timeout");
      // statement_timeout cannot act on a link that carries nothing: our side's query timeout (500 + 1000 ms) does.
      expect(Date.now() - started).toBeLessThan(2_500);
      // The pool closed that client instead of keeping it, its read still pending, for the next request.
      await expect.poll(() => proxy.openConnections()).toBe(open - 1);
      proxy.resume();
      await store.ping();
    } finally {
      proxy.resume();
      await store.close();
      await proxy.close();
    }
  });

  it("a pooled statement on a stalled link fails once the query timeout is over, and its client leaves the pool", async () => {
    const { proxy, store } = await storeThroughProxy({ statementTimeoutMs: 500, connectTimeoutMs: 500 });
    // A statement that is not a SELECT takes the same path as any other: a client of the pool.
    const show = () => store.db.executeQuery(CompiledQuery.raw("SHOW server_version"));
    try {
      await show();
      const open = proxy.openConnections();
      proxy.stall();
      const started = Date.now();
      await expect(show()).rejects.toThrow("Query read timeout");
      expect(Date.now() - started).toBeLessThan(2_500);
      // The pool closed that client instead of keeping it, its query still pending, for the next request.
      await expect.poll(() => proxy.openConnections()).toBe(open - 1);
      proxy.resume();
      await show();
    } finally {
      proxy.resume();
      await store.close();
      await proxy.close();
    }
  });

  it("a connection that never opens fails within the connect timeout, with a message saying so", async () => {
    const silent = await silentServer();
    const started = Date.now();
    try {
      const opening = openStore(
        { kind: "postgres", url: throughPort(testDatabaseUrl(), silent.port) },
        { migrate: false, connectTimeoutMs: 300 },
      );
      const error = await opening.then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(unavailableReason(error, { connectTimeoutMs: 300, statementTimeoutMs: 10_000 })).toBe(
        "o banco de dados não respondeu em 0,3 s (DATABASE_CONNECT_TIMEOUT_MS)",
      );
    } finally {
      await silent.close();
    }
  });

  it("a connection cut while checked out fails its query without an unhandled error, and the pool reconnects", async () => {
    const { proxy, store } = await storeThroughProxy();
    try {
      // A transaction holds its connection between queries: the cut lands on a checked-out client.
      const inTransaction = store.db.transaction().execute(async (tx) => {
        await tx.selectNoFrom((eb) => eb.val(1).as("one")).execute();
        proxy.cut();
        await new Promise((resolve) => setTimeout(resolve, 50));
        await tx.selectNoFrom((eb) => eb.val(2).as("two")).execute();
      });
      await expect(inTransaction).rejects.toThrow();
      await store.ping();
    } finally {
      await store.close();
      await proxy.close();
    }
  });
});
