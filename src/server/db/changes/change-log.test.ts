import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openTestStore, type TestStore, testDialects } from "../../../../test-support/server/test-stores";
import { thoughtInput, thoughtInputs } from "../../../../test-support/thought-factory";

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`the change log on ${name}`, () => {
    let test: TestStore;
    beforeAll(async () => {
      test = await openTestStore(name);
    });
    afterAll(async () => {
      await test?.cleanup();
    });
    beforeEach(async () => {
      await test.store.db.deleteFrom("change_log").execute();
    });
    const logged = async () =>
      (await test.store.changes.after(0, 10_000)).map(({ kind, thoughtId }) => ({ kind, thoughtId }));

    it("appends one row per write of a thought, in the write's transaction, in order", async () => {
      const { store } = test;
      const thought = await store.thoughts.create(thoughtInput({ etiquetas: ["mar"] }));
      await store.thoughts.update(thought.id, { favorito: true });
      await store.thoughts.update(thought.id, { conteudo: "Outro texto" });
      await store.thoughts.update(thought.id, { etiquetas: ["mar", "sol"] });
      await store.thoughts.remove(thought.id);
      await store.trash.restore(thought.id, Date.now());
      await store.thoughts.remove(thought.id);
      await store.trash.erase(thought.id, Date.now());
      const id = thought.id;
      expect(await logged()).toEqual([
        { kind: "pensamento", thoughtId: id },
        { kind: "pensamento", thoughtId: id },
        { kind: "pensamento", thoughtId: id },
        { kind: "pensamento", thoughtId: id },
        { kind: "removido", thoughtId: id },
        { kind: "pensamento", thoughtId: id },
        { kind: "removido", thoughtId: id },
        { kind: "removido", thoughtId: id },
      ]);
      const seqs = (await store.changes.after(0, 100)).map((row) => row.seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      expect((await store.changes.bounds()).head).toBe(seqs.at(-1));
    });

    it("appends one 'mural' row for a label's rename, merge or removal over many thoughts, and for an import", async () => {
      const { store } = test;
      await store.thoughts.insertMany(thoughtInputs(300, { etiquetas: ["lote"] }));
      await store.db.deleteFrom("change_log").execute();
      await store.labels.rename("lote", "pilha");
      await store.labels.remove("pilha");
      await store.thoughts.importMany(thoughtInputs(200), { dryRun: false });
      await store.thoughts.importMany(thoughtInputs(5), { dryRun: true });
      expect(await logged()).toEqual([
        { kind: "mural", thoughtId: null },
        { kind: "mural", thoughtId: null },
        { kind: "mural", thoughtId: null },
      ]);
      const thought = (await store.thoughts.all())[0];
      expect(thought?.versao).toBe(3);
    });

    it("appends 'mural' when the trash is emptied, nothing for a write that changed nothing", async () => {
      const { store } = test;
      const thought = await store.thoughts.create(thoughtInput());
      await store.thoughts.remove(thought.id);
      await store.db.deleteFrom("change_log").execute();
      expect(await store.thoughts.update(999_999, { favorito: true })).toBeUndefined();
      expect(await store.labels.rename("ninguém-usa", "outra")).toBeUndefined();
      expect(await store.trash.empty(Date.now())).toBe(1);
      expect(await store.trash.empty(Date.now())).toBe(0);
      expect(await logged()).toEqual([{ kind: "mural", thoughtId: null }]);
    });

    it("reads each thought's change with the thought as it is now", async () => {
      const { store } = test;
      const thought = await store.thoughts.create(thoughtInput());
      await store.thoughts.update(thought.id, { favorito: true });
      const rows = await store.changes.after(0, 10);
      expect(rows.map((row) => row.thought?.versao)).toEqual([2, 2]);
      expect(rows[0]?.thought?.favorito).toBe(true);
    });

    it("trims by size and by age, and raises the floor to the last row trimmed", async () => {
      const { store } = test;
      for (let at = 0; at < 6; at++) await store.thoughts.create(thoughtInput());
      const seqs = (await store.changes.after(0, 100)).map((row) => row.seq);
      expect(await store.changes.trim(Date.now(), { rows: 4 })).toBe(2);
      expect((await store.changes.bounds()).floor).toBe(seqs[1]);
      expect((await store.changes.after(0, 100)).map((row) => row.seq)).toEqual(seqs.slice(2));
      // A week later every row is past its time; the floor is then the head.
      expect(await store.changes.trim(Date.now() + 8 * 24 * 60 * 60 * 1000)).toBe(4);
      expect(await store.changes.bounds()).toEqual({ head: seqs.at(-1), floor: seqs.at(-1) });
    });
  });
}
