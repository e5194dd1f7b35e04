import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openTestStore, type TestStore, testDialects } from "../../../../test-support/server/test-stores";
import { thoughtInput } from "../../../../test-support/thought-factory";

/** How long the held import waits for the read before it is let go, and the test fails. */
const READ_PATIENCE_MS = 5_000;

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`the wall's reads during an import on ${name}`, () => {
    let test: TestStore;

    beforeAll(async () => {
      test = await openTestStore(name);
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it("answer before the import commits, with the wall as it was before it", async () => {
      const { store } = test;
      const before = await store.thoughts.create(
        thoughtInput({ conteudo: "Já estava no mural", etiquetas: ["Antes"] }),
      );
      const trashed = await store.thoughts.create(thoughtInput({ conteudo: "Já estava na lixeira" }));
      await store.thoughts.remove(trashed.id, 1_000);
      const events: string[] = [];
      let reached!: () => void;
      const holding = new Promise<void>((resolve) => {
        reached = resolve;
      });
      let letGo!: () => void;
      const held = new Promise<void>((resolve) => {
        letGo = resolve;
      });
      const importing = store.thoughts
        .importMany(
          async (put) => {
            // Written in the import's open transaction, then held there.
            await put(thoughtInput({ conteudo: "Importado 1", etiquetas: ["Importada"] }));
            await put(thoughtInput({ conteudo: "Importado 2" }));
            reached();
            await held;
          },
          { dryRun: false },
        )
        .then((outcome) => {
          events.push("import committed");
          return outcome;
        });
      await holding;

      let answered = false;
      const reading = Promise.all([
        store.thoughts.list({ page: 1, limit: 20 }),
        store.thoughts.get(before.id),
        store.thoughts.state(),
        store.auth.access(""),
        store.labels.page({}),
        store.trash.list({ page: 1, limit: 20 }, 2_000),
      ]).then((answers) => {
        answered = true;
        events.push("wall read");
        return answers;
      });
      try {
        await vi.waitFor(
          () => {
            if (!answered) throw new Error("the wall's read still waits behind the import's transaction");
          },
          { timeout: READ_PATIENCE_MS, interval: 5 },
        );
      } finally {
        letGo();
      }
      const [page, one, state, access, labels, trash] = await reading;
      const outcome = await importing;

      expect(events).toEqual(["wall read", "import committed"]);
      expect(page).toEqual({ items: [before], total: 1 });
      expect(one).toEqual(before);
      expect(state.total).toBe(1);
      expect(access).toEqual({ passwordSet: false });
      expect(labels).toEqual({ items: [{ nome: "Antes", total: 1 }], total: 1 });
      expect(trash).toMatchObject({ items: [{ id: trashed.id }], total: 1 });
      expect(outcome).toEqual({ imported: 2, duplicates: 0, importId: expect.any(Number) });
      expect((await store.thoughts.list({ page: 1, limit: 20 })).total).toBe(3);
      expect((await store.labels.page({})).total).toBe(2);
    });
  });
}
