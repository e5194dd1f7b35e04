import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestStore, type TestStore, testDialects } from "../../../../test-support/server/test-stores";
import { thoughtInput } from "../../../../test-support/thought-factory";

/**
 * How many turns of the event loop a read may take to answer before the held import is let go. No clock:
 * a read that waits behind the import cannot answer in any number of turns before the import commits.
 */
const TURNS = 200;

/** Resolves once `settled()` is true or after `turns` turns of the event loop, whichever comes first. */
async function turnsUntil(settled: () => boolean, turns: number): Promise<void> {
  for (let turn = 0; turn < turns && !settled(); turn++) {
    await new Promise((resolve) => setImmediate(resolve));
  }
}

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
      const before = await store.thoughts.create(thoughtInput({ conteudo: "Já estava no mural" }));
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
            await put(thoughtInput({ conteudo: "Importado 1" }));
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
      ]).then((answers) => {
        answered = true;
        events.push("wall read");
        return answers;
      });
      await turnsUntil(() => answered, TURNS);
      letGo();
      const [page, one, state, access] = await reading;
      const outcome = await importing;

      expect(events).toEqual(["wall read", "import committed"]);
      expect(page).toEqual({ items: [before], total: 1 });
      expect(one).toEqual(before);
      expect(state.total).toBe(1);
      expect(access).toEqual({ passwordSet: false });
      expect(outcome).toEqual({ imported: 2, duplicates: 0 });
      expect((await store.thoughts.list({ page: 1, limit: 20 })).total).toBe(3);
    });
  });
}
