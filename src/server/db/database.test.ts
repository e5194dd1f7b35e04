import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { openTestStore, testDatabaseUrl, testDialects } from "../../../test-support/server/test-stores";
import { openStore, type Store } from "./database";

const postgres = testDialects().find((dialect) => dialect.name === "postgres");
const url = testDatabaseUrl();

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`a store on ${name}`, () => {
    it("answers a ping while open, and rejects it once closed", async () => {
      const test = await openTestStore(name);
      try {
        const other = await test.reopen();
        await expect(other.ping()).resolves.toBeUndefined();
        await other.close();
        await expect(other.ping()).rejects.toThrow();
      } finally {
        await test.cleanup();
      }
    });
  });
}

describe.skipIf(!postgres?.available)("the PostgreSQL store", () => {
  const opened: Store[] = [];
  const databases: string[] = [];

  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    for (const name of databases.splice(0)) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it("survives the server dropping its idle connections, and answers the next query", async () => {
    const name = `memoteca_drop_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    databases.push(name);
    const dropped: Error[] = [];
    const target = new URL(url);
    target.pathname = `/${name}`;
    const store = await openStore(
      { kind: "postgres", url: target.toString() },
      { onIdleConnectionError: (error) => dropped.push(error) },
    );
    opened.push(store);
    await store.thoughts.create({
      conteudo: "Antes da queda",
      autoria: "Teste",
      modelo: "modelo1",
      favorito: false,
    });

    await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", [name]);
    await admin.end();
    await expect.poll(() => dropped.length).toBeGreaterThan(0);

    const page = await store.thoughts.list({ page: 1, limit: 6 });
    expect(page.items.map((thought) => thought.conteudo)).toEqual(["Antes da queda"]);
  });
});
