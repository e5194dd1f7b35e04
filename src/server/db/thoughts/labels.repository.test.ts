import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openTestStore, type TestStore, testDialects } from "../../../../test-support/server/test-stores";
import { thoughtInput } from "../../../../test-support/thought-factory";
import type { TestingStore } from "../testing";

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`labels and authors on ${name}`, () => {
    let test: TestStore;
    let store: TestingStore;

    beforeAll(async () => {
      test = await openTestStore(name);
      store = test.store;
    });
    afterAll(async () => {
      await test?.cleanup();
    });
    beforeEach(async () => {
      await store.db.deleteFrom("trash").execute();
      await store.db.deleteFrom("thoughts").execute();
    });

    const page = (filters: { label?: string; author?: string; favorite?: boolean; search?: string } = {}) =>
      store.thoughts.list({ page: 1, limit: 6, ...filters });
    const ids = async (filters: Parameters<typeof page>[0]) => (await page(filters)).items.map((t) => t.id);

    it("keeps a thought's labels as typed and lists it under any case of one of them", async () => {
      const poem = await store.thoughts.create(thoughtInput({ etiquetas: ["Poesia", "Amor"] }));
      await store.thoughts.create(thoughtInput({ etiquetas: ["poesia"] }));
      await store.thoughts.create(thoughtInput());
      expect(await store.thoughts.get(poem.id)).toMatchObject({ etiquetas: ["Poesia", "Amor"] });
      expect((await page({ label: "amor" })).items).toEqual([poem]);
      expect(await page({ label: "poesia" })).toMatchObject({ total: 2 });
      expect(await store.labels.list()).toEqual([
        { nome: "Amor", total: 1 },
        { nome: "Poesia", total: 2 },
      ]);
    });

    it("follows a change of labels, and combines the label with the favourites, the author and a search", async () => {
      const a = await store.thoughts.create(
        thoughtInput({ conteudo: "O mar salgado", autoria: "Fernando Pessoa" }),
      );
      const b = await store.thoughts.create(
        thoughtInput({ conteudo: "Tanto mar", autoria: "Chico", favorito: true, etiquetas: ["Mar"] }),
      );
      await store.thoughts.update(a.id, { etiquetas: ["mar", "Portugal"] });
      expect(await ids({ label: "mar" })).toEqual([b.id, a.id]);
      expect(await ids({ label: "mar", favorite: true })).toEqual([b.id]);
      expect(await ids({ label: "mar", author: "fernando pessoa" })).toEqual([a.id]);
      expect(await page({ label: "portugal", search: "salgado" })).toMatchObject({ total: 1 });
      expect(await page({ label: "portugal", search: "tanto" })).toEqual({ items: [], total: 0 });
      await store.thoughts.update(a.id, { etiquetas: [] });
      expect(await store.labels.list()).toEqual([{ nome: "Mar", total: 1 }]);
      expect(await page({ label: "mar" })).toMatchObject({ total: 1 });
    });

    it("finds an author whole, whatever the case and the accents", async () => {
      const pessoa = await store.thoughts.create(thoughtInput({ autoria: "Fernando Pessoa" }));
      await store.thoughts.create(thoughtInput({ autoria: "Fernando Pessoa e outros" }));
      const renamed = await store.thoughts.create(thoughtInput({ autoria: "Outro" }));
      await store.thoughts.update(renamed.id, { autoria: "FERNANDO PESSÔA" });
      expect(await page({ author: "fernando pessoa" })).toMatchObject({ total: 2 });
      expect(await ids({ author: "fernando pessoa" })).toEqual([renamed.id, pessoa.id]);
      expect(await page({ author: "fernando" })).toEqual({ items: [], total: 0 });
    });

    it("keeps the labels through the trash and brings them back on restore", async () => {
      const kept = await store.thoughts.create(thoughtInput({ etiquetas: ["Lembrar"] }));
      await store.thoughts.remove(kept.id, 1_000);
      expect(await store.labels.list()).toEqual([]);
      expect(await page({ label: "lembrar" })).toEqual({ items: [], total: 0 });
      const trashed = await store.trash.list({ page: 1, limit: 6 }, 1_000);
      expect(trashed.items[0]).toMatchObject({ etiquetas: ["Lembrar"] });
      expect(await store.trash.restore(kept.id, 2_000)).toEqual({ status: "restored", thought: kept });
      expect(await store.labels.list()).toEqual([{ nome: "Lembrar", total: 1 }]);
      expect(await ids({ label: "lembrar" })).toEqual([kept.id]);
    });

    it("lists what another instance wrote since, not the list it read before", async () => {
      await store.thoughts.create(thoughtInput({ etiquetas: ["Mar"] }));
      expect(await store.labels.list()).toEqual([{ nome: "Mar", total: 1 }]);
      const other = await test.reopen();
      try {
        const sky = await other.thoughts.create(thoughtInput({ etiquetas: ["Céu", "mar"] }));
        expect(await store.labels.list()).toEqual([
          { nome: "Céu", total: 1 },
          { nome: "Mar", total: 2 },
        ]);
        await other.labels.rename("céu", "Nuvem");
        await other.thoughts.remove(sky.id);
        expect(await store.labels.list()).toEqual([{ nome: "Mar", total: 1 }]);
      } finally {
        await other.close();
      }
    });

    it("renames a label everywhere, merging into one already in use", async () => {
      const both = await store.thoughts.create(thoughtInput({ etiquetas: ["Poema", "Poesia", "Amor"] }));
      const one = await store.thoughts.create(thoughtInput({ etiquetas: ["poema"] }));
      expect(await store.labels.rename("POEMA", "poesia")).toEqual({ nome: "poesia", total: 2 });
      expect((await store.thoughts.get(both.id))?.etiquetas).toEqual(["poesia", "Amor"]);
      expect((await store.thoughts.get(one.id))?.etiquetas).toEqual(["poesia"]);
      expect(await store.labels.list()).toEqual([
        { nome: "Amor", total: 1 },
        { nome: "poesia", total: 2 },
      ]);
      expect(await store.labels.rename("inexistente", "Outra")).toBeUndefined();
    });

    it("removes a label from every thought, and says when none carried it", async () => {
      const a = await store.thoughts.create(thoughtInput({ etiquetas: ["Rascunho", "Ideia"] }));
      await store.thoughts.create(thoughtInput({ etiquetas: ["rascunho"] }));
      expect(await store.labels.remove("RASCUNHO")).toBe(true);
      expect((await store.thoughts.get(a.id))?.etiquetas).toEqual(["Ideia"]);
      expect(await store.labels.list()).toEqual([{ nome: "Ideia", total: 1 }]);
      expect(await store.labels.remove("rascunho")).toBe(false);
    });

    it("imports thoughts with their labels, in order", async () => {
      await store.thoughts.insertMany([
        thoughtInput({ etiquetas: ["kindle"] }),
        thoughtInput(),
        thoughtInput({ etiquetas: ["Kindle", "Livro"] }),
      ]);
      const all = await store.thoughts.all();
      expect(all.map((t) => t.etiquetas)).toEqual([["kindle"], [], ["Kindle", "Livro"]]);
      expect(await ids({ label: "kindle" })).toEqual([all[2]?.id, all[0]?.id]);
      expect(await store.labels.list()).toEqual([
        { nome: "kindle", total: 2 },
        { nome: "Livro", total: 1 },
      ]);
    });
  });
}
