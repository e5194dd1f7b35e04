import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestStore, type TestStore } from "../../../../test-support/server/test-stores";
import { thoughtInput } from "../../../../test-support/thought-factory";
import { toNewRow } from "../thoughts/thought-rows";
import { DatabaseSync } from "./node-sqlite";
import { SqliteCode, sqlitePrimaryCode } from "./sqlite-errors";
import { withSqliteWorker } from "./sqlite-worker";

const newRow = (conteudo: string) =>
  toNewRow(thoughtInput({ conteudo, autoria: "Worker" }), (value) => (value ? 1 : 0), Date.now());

/** Resolves once another connection holds the file's write lock (a third one, asking, is refused). */
async function writeLockTaken(file: string): Promise<void> {
  const probe = new DatabaseSync(file, { timeout: 0 });
  try {
    for (;;) {
      try {
        probe.exec("BEGIN IMMEDIATE");
        probe.exec("ROLLBACK");
      } catch (error) {
        if (sqlitePrimaryCode(error) === SqliteCode.BUSY) return;
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  } finally {
    probe.close();
  }
}

describe("a SQLite connection in a worker thread", () => {
  let test: TestStore;
  let file: string;

  beforeAll(async () => {
    test = await openTestStore("sqlite");
    if (test.target.kind !== "sqlite") throw new Error("a SQLite store was asked for");
    file = test.target.file;
  });
  afterAll(async () => {
    await test?.cleanup();
  });

  it("runs a transaction whose rows the app's connection reads once it commits", async () => {
    const ids = await withSqliteWorker({ file, busyTimeoutMs: 1_000 }, (db) =>
      db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto("thoughts")
          .values([newRow("Do outro lado")])
          .returning("id")
          .execute();
        const counted = await sql<{ n: number }>`SELECT count(*) AS n FROM thoughts`.execute(trx);
        expect(counted.rows).toEqual([{ n: 1 }]);
        return inserted.map((row) => Number(row.id));
      }),
    );
    expect(ids).toHaveLength(1);
    const read = await test.store.thoughts.get(ids[0] ?? 0);
    expect(read).toMatchObject({ conteudo: "Do outro lado", autoria: "Worker" });
  });

  it("hands SQLite's errors over as node:sqlite reports them, and rolls the transaction back", async () => {
    const before = (await test.store.thoughts.list({ page: 1, limit: 1 })).total;
    const failure = await withSqliteWorker({ file, busyTimeoutMs: 1_000 }, (db) =>
      db.transaction().execute(async (trx) => {
        await trx.insertInto("thoughts").values(newRow("Não fica")).execute();
        await sql`INSERT INTO no_such_table VALUES (1)`.execute(trx);
      }),
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/no_such_table/);
    expect(sqlitePrimaryCode(failure)).toBe(1);
    expect((await test.store.thoughts.list({ page: 1, limit: 1 })).total).toBe(before);
  });

  it("fails the work, without hanging, on a file it cannot open", async () => {
    const missing = join(file, "..", "no-folder", "memoteca.db");
    const failure = await withSqliteWorker({ file: missing, busyTimeoutMs: 1_000 }, (db) =>
      sql`SELECT 1`.execute(db),
    ).catch((error: unknown) => error);
    expect(sqlitePrimaryCode(failure)).toBe(SqliteCode.CANTOPEN);
  });

  it("lets the app's other writes wait for an import's transaction instead of meeting its lock", async () => {
    const inputs = Array.from({ length: 5_000 }, (_, n) => thoughtInput({ conteudo: `Em lote ${n}` }));
    const before = (await test.store.thoughts.list({ page: 1, limit: 1 })).total;
    const [outcome, created] = await Promise.all([
      test.store.thoughts.importMany(inputs, { dryRun: false }),
      // Asked while the import holds the write lock in its worker: it waits its turn and then commits. On
      // the app's connection it would meet the lock in SQLite's busy handler, on the main thread, where the
      // import's next statement waits to be sent: both would wait until the busy timeout failed it.
      writeLockTaken(file).then(() =>
        test.store.thoughts.create(thoughtInput({ conteudo: "Escrito durante a importação" })),
      ),
    ]);
    expect(outcome).toEqual({ imported: 5_000, duplicates: 0, importId: expect.any(Number) });
    expect(created.id).toBeGreaterThan(before);
    expect((await test.store.thoughts.list({ page: 1, limit: 1 })).total).toBe(before + 5_001);
  });
});
