import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeThroughProxy } from "../../../test-support/server/stalled-link";
import { openTestStore, type TestStore, testDialects } from "../../../test-support/server/test-stores";
import { apiPaths } from "../../domain/contract";
import { buildApp } from "../app";
import type { Store } from "../db";

const unavailable = {
  error: { code: "unavailable", message: "O banco de dados não está respondendo." },
};

/** GET /api/health on a fresh app over `store`, with how long the answer took. */
async function health(store: Store) {
  const app = await buildApp({ store });
  try {
    const started = Date.now();
    const response = await app.inject({ method: "GET", url: apiPaths.health });
    return { status: response.statusCode, body: response.json(), ms: Date.now() - started };
  } finally {
    await app.close();
  }
}

describe("GET /api/health when the database does not answer", () => {
  let test: TestStore;
  beforeAll(async () => {
    test = await openTestStore("sqlite");
  });
  afterAll(async () => {
    await test?.cleanup();
  });

  it("answers 200 with the dialect when the ping succeeds", async () => {
    expect(await health(test.store)).toMatchObject({
      status: 200,
      body: { status: "ok", database: "sqlite" },
    });
  });

  it("answers 503 unavailable at once when the ping fails", async () => {
    const failing = {
      ...test.store,
      ping: () => Promise.reject(new Error("Connection terminated unexpectedly")),
    };
    const answer = await health(failing);
    expect(answer).toMatchObject({ status: 503, body: unavailable });
    expect(answer.ms).toBeLessThan(1_000);
  });

  it("answers 503 unavailable within about 2 s when the ping never settles", async () => {
    const hung = { ...test.store, ping: () => new Promise<void>(() => {}) };
    const answer = await health(hung);
    expect(answer).toMatchObject({ status: 503, body: unavailable });
    expect(answer.ms).toBeGreaterThanOrEqual(1_900);
    expect(answer.ms).toBeLessThan(2_500);
  });
});

const postgres = testDialects().find(({ name }) => name === "postgres");

if (postgres)
  describe.skipIf(!postgres.available)("GET /api/health on a stalled PostgreSQL link", () => {
    it("answers 503 within about 2 s, long before the query timeout, and 200 once the link is back", async () => {
      // The default timeouts: the health check's own 2 s must act, not the 11 s query timeout.
      const { proxy, store } = await storeThroughProxy();
      try {
        expect((await health(store)).status).toBe(200);
        proxy.stall();
        const answer = await health(store);
        expect(answer).toMatchObject({ status: 503, body: unavailable });
        expect(answer.ms).toBeLessThan(2_500);
        proxy.resume();
        expect(await health(store)).toMatchObject({ status: 200, body: { database: "postgres" } });
      } finally {
        proxy.resume();
        await store.close();
        await proxy.close();
      }
    });
  });
