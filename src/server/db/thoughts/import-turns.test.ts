import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestStore, type TestStore, testDialects } from "../../../../test-support/server/test-stores";
import { thoughtInput } from "../../../../test-support/thought-factory";

/** Enough thoughts that writing them takes far longer than one of the import's 10 ms slices. */
const THOUGHTS = 20_000;

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`an import's transaction on ${name}`, () => {
    let test: TestStore;

    beforeAll(async () => {
      test = await openTestStore(name);
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it("lets the event loop turn and the health ping answer while it writes", async () => {
      const { store } = test;
      await store.thoughts.create(thoughtInput({ conteudo: "Já estava no mural" }));
      const inputs = Array.from({ length: THOUGHTS }, (_, n) =>
        thoughtInput({ conteudo: `Pensamento importado ${n}`, etiquetas: n % 2 ? ["lote"] : [] }),
      );
      const events: string[] = [];
      const importing = store.thoughts.importMany(inputs, { dryRun: false }).then((outcome) => {
        events.push("import");
        return outcome;
      });
      // A timer fires only when the loop gets a turn: on SQLite, where every statement is synchronous, an
      // import that never yielded would hold it (and every request) until its commit.
      const turned = new Promise<void>((resolve) =>
        setTimeout(() => {
          events.push("turn");
          void store.ping().then(() => {
            events.push("ping");
            resolve();
          });
        }, 0),
      );
      expect(await importing).toEqual({ imported: THOUGHTS, duplicates: 0, importId: expect.any(Number) });
      await turned;
      expect(events.indexOf("turn")).toBeLessThan(events.indexOf("import"));
      expect(events.indexOf("ping")).toBeLessThan(events.indexOf("import"));
      expect((await store.thoughts.list({ page: 1, limit: 6 })).total).toBe(THOUGHTS + 1);
      expect((await store.labels.list()).find((label) => label.nome === "lote")).toEqual({
        nome: "lote",
        total: THOUGHTS / 2,
      });
    });

    it("takes thoughts as they are read, and leaves nothing when the reading fails halfway", async () => {
      const { store } = test;
      const before = (await store.thoughts.list({ page: 1, limit: 1 })).total;
      const halfway = new Error("the file broke halfway");
      const failed = await store.thoughts
        .importMany(
          async (put) => {
            // Enough for several insert statements to have run before the failure.
            for (let n = 0; n < 1_000; n += 1) await put(thoughtInput({ conteudo: `Meio lote ${n}` }));
            throw halfway;
          },
          { dryRun: false },
        )
        .catch((error: unknown) => error);
      expect(failed).toBe(halfway);
      expect((await store.thoughts.list({ page: 1, limit: 1 })).total).toBe(before);
      // The app's connection is free again: a write goes through.
      await store.thoughts.create(thoughtInput({ conteudo: "Depois da falha" }));
      expect((await store.thoughts.list({ page: 1, limit: 1 })).total).toBe(before + 1);
    });

    it("counts a thought already on the wall, or earlier among those read, as a duplicate", async () => {
      const { store } = test;
      const onWall = await store.thoughts.create(thoughtInput({ conteudo: "Duplicado no mural" }));
      const again = thoughtInput({ conteudo: "Duplicado no arquivo" });
      const outcome = await store.thoughts.importMany(
        async (put) => {
          await put(thoughtInput({ conteudo: onWall.conteudo, autoria: onWall.autoria }));
          await put(again);
          await put({ ...again });
          // Same text, another author: another thought.
          await put({ ...again, autoria: "Outra autoria" });
        },
        { dryRun: false },
      );
      expect(outcome).toEqual({ imported: 2, duplicates: 2, importId: expect.any(Number) });
    });
  });
}

// FTS5 is SQLite's: the search index's merges during an import have no PostgreSQL counterpart.
describe("an import's search index on SQLite", () => {
  let test: TestStore;

  beforeAll(async () => {
    test = await openTestStore("sqlite");
  });
  afterAll(async () => {
    await test?.cleanup();
  });

  it("merges the search index in steps and gives FTS5 its defaults back", async () => {
    const { store } = test;
    const inputs = Array.from({ length: THOUGHTS }, (_, n) => thoughtInput({ conteudo: `Outro lote ${n}` }));
    expect(await store.thoughts.importMany(inputs, { dryRun: false })).toEqual({
      imported: THOUGHTS,
      duplicates: 0,
      importId: expect.any(Number),
    });
    const config = await sql<{ k: string; v: number }>`SELECT k, v FROM thoughts_fts_config
        WHERE k IN ('automerge', 'crisismerge') ORDER BY k`.execute(store.db);
    expect(config.rows).toEqual([
      { k: "automerge", v: 4 },
      { k: "crisismerge", v: 16 },
    ]);
    // One segment per insert statement (200 here) unless merged: the steps after each keep them as few as
    // FTS5's own all-at-once merge would.
    const segments = await sql<{ n: number }>`SELECT count(DISTINCT segid) AS n
          FROM thoughts_fts_idx`.execute(store.db);
    expect(Number(segments.rows[0]?.n)).toBeLessThanOrEqual(16);
    await sql`INSERT INTO thoughts_fts(thoughts_fts, rank) VALUES ('integrity-check', 1)`.execute(store.db);
    const found = await store.thoughts.list({ page: 1, limit: 6, search: "outro lote 19999" });
    expect(found.total).toBe(1);
  });
});
