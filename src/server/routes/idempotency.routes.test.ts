import pg from "pg";
import { beforeEach, describe, expect, it } from "vitest";
import { apiSuite } from "../../../test-support/server/api-suite";
import { testDatabaseUrl, testDialects } from "../../../test-support/server/test-stores";
import { thoughtInput } from "../../../test-support/thought-factory";
import { apiPaths, IDEMPOTENCY_KEY_HEADER } from "../../domain/contract";
import { DatabaseSync } from "../db/testing";

/** The change log's advisory lock key on PostgreSQL (db/changes/change-log.ts). */
const CHANGE_LOG_LOCK_KEY = 0x4d656d43;

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`Idempotency-Key on ${name}`, () => {
    const suite = apiSuite(name);
    beforeEach(async () => {
      await suite.test.store.db.deleteFrom("thoughts").execute();
      await suite.test.store.db.deleteFrom("idempotency_keys").execute();
    });
    const keyed = (key: string, method: "POST" | "PATCH" | "DELETE", url: string, payload?: unknown) =>
      suite.api.call({
        method,
        url,
        headers: { [IDEMPOTENCY_KEY_HEADER.toLowerCase()]: key },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
    const count = async () => (await suite.test.store.thoughts.all()).length;

    it("answers a repeat with the first answer and writes once", async () => {
      const body = thoughtInput();
      const first = await keyed("chave-1", "POST", apiPaths.thoughts, body);
      expect(first.statusCode).toBe(201);
      const again = await keyed("chave-1", "POST", apiPaths.thoughts, body);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect(again.headers.etag).toBe('"1"');
      expect(again.headers.location).toBe(first.headers.location);
      expect(await count()).toBe(1);

      const id = first.json().id as number;
      const change = await keyed("chave-2", "PATCH", apiPaths.thought(id), { favorito: true });
      const changeAgain = await keyed("chave-2", "PATCH", apiPaths.thought(id), { favorito: true });
      expect(changeAgain.json()).toEqual(change.json());
      expect((await suite.test.store.thoughts.get(id))?.versao).toBe(2);

      const removed = await keyed("chave-3", "DELETE", apiPaths.thought(id));
      expect(removed.statusCode).toBe(204);
      expect((await keyed("chave-3", "DELETE", apiPaths.thought(id))).statusCode).toBe(204);
    });

    it("refuses the key with another body, method or path: 422, nothing written", async () => {
      const first = await keyed("chave-a", "POST", apiPaths.thoughts, thoughtInput());
      const other = await keyed("chave-a", "POST", apiPaths.thoughts, thoughtInput());
      expect(other.statusCode).toBe(422);
      expect(other.json()).toEqual({
        error: {
          code: "chave_reutilizada",
          message: "Esta chave de idempotência já foi usada com outro pedido.",
        },
      });
      const elsewhere = await keyed("chave-a", "PATCH", apiPaths.thought(first.json().id), { favorito: true });
      expect(elsewhere.statusCode).toBe(422);
      expect(await count()).toBe(1);
      expect((await suite.test.store.thoughts.get(first.json().id))?.favorito).toBe(false);
    });

    it("refuses a malformed key with a 400", async () => {
      for (const key of ["", "com espaço", "x".repeat(201), "acentuação"]) {
        const response = await keyed(key, "POST", apiPaths.thoughts, thoughtInput());
        expect(response.statusCode, key).toBe(400);
      }
      expect(await count()).toBe(0);
    });

    it("records nothing for a write that failed, so its repeat runs again", async () => {
      const missing = await keyed("chave-404", "PATCH", apiPaths.thought(999_999), { favorito: true });
      expect(missing.statusCode).toBe(404);
      const keys = await suite.test.store.db.selectFrom("idempotency_keys").select("key").execute();
      expect(keys).toEqual([]);
    });

    it("answers 409 to the key while its first request is still being written", async () => {
      const holder = await holdWrites(name, suite.test.target);
      try {
        const body = thoughtInput();
        const first = keyed("chave-lenta", "POST", apiPaths.thoughts, body);
        // The first request is past its look-up and waiting for the write lock: a repeat now is in flight.
        await waitUntil(async () => {
          const second = await keyed("chave-lenta", "POST", apiPaths.thoughts, body);
          if (second.statusCode !== 409) return false;
          expect(second.json().error.code).toBe("chave_em_uso");
          return true;
        });
        await holder.release();
        expect((await first).statusCode).toBe(201);
      } finally {
        await holder.release();
      }
      expect(await count()).toBe(1);
    });

    it("keeps the key only with its write: a rolled-back write leaves no key", async () => {
      // The label cap or any failure inside the transaction rolls the key back with it: a PUT of a thought
      // that is not there records nothing, and the same key then serves another request.
      await keyed("chave-b", "PATCH", apiPaths.thought(123_456), { favorito: true });
      const later = await keyed("chave-b", "POST", apiPaths.thoughts, thoughtInput());
      expect(later.statusCode).toBe(201);
    });
  });
}

/** Polls `check` until it holds (a test under load waits for conditions, never a fixed time). */
async function waitUntil(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("the condition never held");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Holds every write of the test database from another connection: SQLite's write lock (BEGIN IMMEDIATE),
 * PostgreSQL's change-log lock (every write takes it last); `release` lets them go.
 */
async function holdWrites(
  dialect: string,
  target: { kind: "sqlite"; file: string } | { kind: "postgres"; url: string },
): Promise<{ release(): Promise<void> }> {
  if (target.kind === "sqlite") {
    const connection = new DatabaseSync(target.file);
    connection.exec("BEGIN IMMEDIATE");
    let released = false;
    return {
      async release() {
        if (released) return;
        released = true;
        connection.exec("ROLLBACK");
        connection.close();
      },
    };
  }
  void dialect;
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  await client.query("SELECT pg_advisory_lock($1)", [CHANGE_LOG_LOCK_KEY]);
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      await client.query("SELECT pg_advisory_unlock($1)", [CHANGE_LOG_LOCK_KEY]);
      await client.end();
    },
  };
}
