import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestStore, type TestStore } from "../../../../test-support/server/test-stores";
import { thoughtInput } from "../../../../test-support/thought-factory";
import { toNewRow } from "../thoughts/thought-rows";
import { mergeDown } from "./thoughts.sqlite";

/** FTS5 settings written as the index's own config rows (https://sqlite.org/fts5.html). */
const setting = (name: string, value: number) =>
  sql`INSERT INTO thoughts_fts(thoughts_fts, rank) VALUES (${sql.lit(name)}, ${sql.lit(value)})`;

describe("the search index merged down after a large import (SQLite)", () => {
  let test: TestStore;

  beforeAll(async () => {
    test = await openTestStore("sqlite");
  });
  afterAll(async () => {
    await test?.cleanup();
  });

  it("ends in one segment even when merging them takes many steps", async () => {
    const { db } = test.store;
    // Many small segments holding enough text that merging them all writes far more than one step's pages:
    // the index flushed every few KB, and FTS5's own merges off, as during an import's inserts.
    await setting("automerge", 0).execute(db);
    await setting("crisismerge", 2000).execute(db);
    await setting("hashsize", 64 * 1024).execute(db);
    await db.transaction().execute(async (trx) => {
      for (let batch = 0; batch < 400; batch++) {
        const rows = Array.from({ length: 100 }, (_, n) =>
          toNewRow(
            thoughtInput({ conteudo: `Lote ${batch} linha ${n}: girassol ${batch * 100 + n} e mais texto` }),
            (value) => (value ? 1 : 0),
            Date.now(),
          ),
        );
        await trx.insertInto("thoughts").values(rows).execute();
      }
    });
    const segments = async () => {
      const { rows } = await sql<{
        n: number;
      }>`SELECT count(DISTINCT segid) AS n FROM thoughts_fts_idx`.execute(db);
      return Number(rows[0]?.n);
    };
    const pages = async () => {
      const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM thoughts_fts_data`.execute(db);
      return Number(rows[0]?.n);
    };
    expect(await segments()).toBeGreaterThan(16);
    // More than three steps of 500 pages: a loop that gave up after three steps without fewer segments
    // left them all (73 segments after a 100,000-thought seed).
    expect(await pages()).toBeGreaterThan(2_000);

    await db.transaction().execute((trx) => mergeDown(trx));

    expect(await segments()).toBe(1);
    await sql`INSERT INTO thoughts_fts(thoughts_fts, rank) VALUES ('integrity-check', 1)`.execute(db);
    const found = await test.store.thoughts.list({ page: 1, limit: 6, search: "girassol 39999" });
    expect(found.total).toBe(1);
  });
});
