import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestStore, type TestStore, testDialects } from "../../../test-support/server/test-stores";
import { thoughtInput } from "../../../test-support/thought-factory";

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
      expect(await importing).toEqual({ imported: THOUGHTS, duplicates: 0 });
      await turned;
      expect(events.indexOf("turn")).toBeLessThan(events.indexOf("import"));
      expect(events.indexOf("ping")).toBeLessThan(events.indexOf("import"));
      expect((await store.thoughts.list({ page: 1, limit: 6 })).total).toBe(THOUGHTS + 1);
      expect((await store.labels.list()).find((label) => label.nome === "lote")).toEqual({
        nome: "lote",
        total: THOUGHTS / 2,
      });
    });
  });
}
