import { CompiledQuery, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  openTestStore,
  type TestStore,
  testDatabaseUrl,
  testDialects,
} from "../../../test-support/server/test-stores";

const postgres = testDialects().find(({ name }) => name === "postgres");

describe.skipIf(!postgres?.available)("PostgreSQL's shared reader", () => {
  let test: TestStore;
  let admin: pg.Client;

  beforeAll(async () => {
    test = await openTestStore("postgres");
    admin = new pg.Client({ connectionString: testDatabaseUrl() });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await test?.cleanup();
  });

  const backend = async () =>
    (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(test.store.db)).rows[0]?.pid;

  it("runs reads asked together on one connection, each with its own answer", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        sql<{ n: number; pid: number }>`SELECT ${i}::int AS n, pg_backend_pid() AS pid`.execute(
          test.store.db,
        ),
      ),
    );
    expect(answers.map(({ rows }) => rows[0]?.n)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(new Set(answers.map(({ rows }) => rows[0]?.pid)).size).toBe(1);
  });

  it("fails only the read that failed, not those pipelined beside it", async () => {
    const [before, failing, after] = await Promise.allSettled([
      sql<{ n: number }>`SELECT 1 AS n`.execute(test.store.db),
      sql`SELECT 1 / (SELECT 0) AS n`.execute(test.store.db),
      sql<{ n: number }>`SELECT 3 AS n`.execute(test.store.db),
    ]);
    expect(before.status === "fulfilled" && before.value.rows[0]?.n).toBe(1);
    expect(failing.status === "rejected" && (failing.reason as { code?: string }).code).toBe("22012");
    expect(after.status === "fulfilled" && after.value.rows[0]?.n).toBe(3);
  });

  it("keeps transactions and statements other than SELECT on pooled connections of their own", async () => {
    const shared = await backend();
    const inTransaction = await test.store.db
      .transaction()
      .execute(
        async (tx) => (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(tx)).rows[0]?.pid,
      );
    expect(inTransaction).not.toBe(shared);
    // The statement's text decides: one that is not a SELECT goes to the pool, even when it only reads.
    const valued = await test.store.db.executeQuery<{ column1: number }>(
      CompiledQuery.raw("VALUES (pg_backend_pid())"),
    );
    expect(valued.rows[0]?.column1).not.toBe(shared);
    expect(await backend()).toBe(shared);
  });

  it("opens a new connection after its backend is ended, and the next read works", async () => {
    const ended = await backend();
    await admin.query("SELECT pg_terminate_backend($1)", [ended]);
    // A read may still be sent before the news of the end arrives: it fails, and the one after it opens anew.
    await expect
      .poll(async () => backend().catch(() => undefined), { timeout: 5_000 })
      .toSatisfy((pid) => typeof pid === "number" && pid !== ended);
  });
});
