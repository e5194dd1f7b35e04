import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Kysely, SqliteDialect } from "kysely";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { openTestStore, testDatabaseUrl, testDialects } from "../../../test-support/server/test-stores";
import { assertWritable, openStore, ReadOnlyDatabaseError, type Store } from "./database";
import type { Database } from "./schema";
import { DatabaseSync } from "./sqlite/node-sqlite";
import { statementsKept } from "./sqlite/statements-kept";

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

describe("a database that reads but cannot be written", () => {
  it("is found by the write probe on SQLite, with a pt-BR reason", async () => {
    // Tests run as root, where a write-protected file is still writable, so the file is opened read-only.
    const folder = mkdtempSync(join(tmpdir(), "memoteca-ro-"));
    const file = join(folder, "memoteca.db");
    const migrated = await openStore({ kind: "sqlite", file });
    await migrated.close();
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: statementsKept(new DatabaseSync(file, { readOnly: true })) }),
    });
    try {
      const probe = assertWritable(db);
      await expect(probe).rejects.toBeInstanceOf(ReadOnlyDatabaseError);
      await expect(probe).rejects.toThrow(/não aceita escrita/);
    } finally {
      await db.destroy();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("passes a writable database and leaves no table behind", async () => {
    const test = await openTestStore("sqlite");
    try {
      await assertWritable(test.store.db);
      const tables = await test.store.db.introspection.getTables();
      expect(tables.map((table) => table.name)).not.toContain("memoteca_write_probe");
    } finally {
      await test.cleanup();
    }
  });

  if (postgres)
    it.skipIf(!postgres.available)("stops PostgreSQL in read-only mode from opening", async () => {
      const readOnly = new URL(url);
      readOnly.searchParams.set("options", "-c default_transaction_read_only=on");
      await expect(openStore({ kind: "postgres", url: readOnly.toString() })).rejects.toThrow(
        ReadOnlyDatabaseError,
      );
    });
});

if (postgres)
  describe.skipIf(!postgres.available)("the PostgreSQL store", () => {
    const opened: Store[] = [];
    const databases: string[] = [];

    afterEach(async () => {
      for (const store of opened.splice(0)) await store.close();
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      for (const name of databases.splice(0))
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
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
        fonte: "",
        local: "",
        nota: "",
        etiquetas: [],
      });

      await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", [name]);
      await admin.end();
      await expect.poll(() => dropped.length).toBeGreaterThan(0);

      const page = await store.thoughts.list({ page: 1, limit: 6 });
      expect(page.items.map((thought) => thought.conteudo)).toEqual(["Antes da queda"]);
    });
  });
