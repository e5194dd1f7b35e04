import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestStore, type TestStore, testDialects } from "../../../../test-support/server/test-stores";
import { thoughtInput } from "../../../../test-support/thought-factory";

const postgres = testDialects().find((dialect) => dialect.name === "postgres");

/** A promise and the call that settles it: one side waits, the other says when. */
function latch(): { opened: Promise<void>; open: () => void } {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe.skipIf(!postgres?.available)("the import's lock on PostgreSQL", () => {
  let mine: TestStore;
  let neighbour: TestStore;

  beforeAll(async () => {
    mine = await openTestStore("postgres");
    neighbour = await openTestStore("postgres");
  });
  afterAll(async () => {
    await mine?.cleanup();
    await neighbour?.cleanup();
  });

  it("is this wall's alone: an import in another schema of the database goes on while this one holds it", async () => {
    const { opened: held, open: release } = latch();
    const { opened: holds, open: holding } = latch();
    // This wall's import takes the lock, puts one thought, then waits (as while it reads a long file).
    const importing = mine.store.thoughts.importMany(
      async (put) => {
        await put(thoughtInput({ conteudo: "Deste mural" }));
        holding();
        await held;
      },
      { dryRun: false },
    );
    try {
      await holds;
      const other = await neighbour.store.thoughts.importMany([thoughtInput({ conteudo: "Do vizinho" })], {
        dryRun: false,
      });
      expect(other.imported).toBe(1);
    } finally {
      release();
    }
    expect((await importing).imported).toBe(1);
  });

  it("still makes two imports of one wall take turns", async () => {
    const { opened: held, open: release } = latch();
    const { opened: holds, open: holding } = latch();
    const order: string[] = [];
    const first = mine.store.thoughts.importMany(
      async (put) => {
        await put(thoughtInput({ conteudo: "Primeira" }));
        holding();
        await held;
        order.push("first ends");
      },
      { dryRun: false },
    );
    await holds;
    const second = mine.store.thoughts
      .importMany([thoughtInput({ conteudo: "Segunda" })], { dryRun: false })
      .then((outcome) => {
        order.push("second done");
        return outcome;
      });
    // The second must wait on the lock (seen in pg_stat_activity) before the first is let go.
    const watcher = new pg.Client({ connectionString: mine.databaseUrl });
    await watcher.connect();
    try {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const { rows } = await watcher.query(
          // This wall's import lock (key "Memo" and the schema's hash, thoughts.postgres.ts), not granted.
          `SELECT count(*)::int AS waiting FROM pg_locks
           WHERE locktype = 'advisory' AND NOT granted AND classid = $1::oid AND objid = hashtext($2)::oid`,
          [0x4d656d6f, mine.schema],
        );
        if (rows[0].waiting > 0) break;
        if (order.length > 0 || Date.now() > deadline) throw new Error("the second import never waited");
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    } finally {
      await watcher.end();
      release();
    }
    await Promise.all([first, second]);
    expect(order).toEqual(["first ends", "second done"]);
  });
});
