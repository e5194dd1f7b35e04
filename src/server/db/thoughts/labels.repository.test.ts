import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openTestStore, type TestStore, testDialects } from "../../../../test-support/server/test-stores";
import { thoughtInput } from "../../../../test-support/thought-factory";
import { deadlockingLabels, type TestingStore } from "../testing";
import { WriteConflictError } from "../write-conflicts";

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
      expect(await store.trash.restore(kept.id, 2_000)).toEqual({
        status: "restored",
        thought: { ...kept, versao: kept.versao + 1 },
      });
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

    it("lists the labels in pt-BR's order, accents after the plain letter, a page at a time", async () => {
      const names = [
        "Livros",
        "zebra",
        "Línguas",
        "ética",
        "estudo",
        "Ética e moral",
        "eta",
        "Ação",
        "abril",
        "Árvore",
      ];
      for (const name of names) await store.thoughts.create(thoughtInput({ etiquetas: [name] }));
      const order = [
        "abril",
        "Ação",
        "Árvore",
        "estudo",
        "eta",
        "ética",
        "Ética e moral",
        "Línguas",
        "Livros",
        "zebra",
      ];
      expect((await store.labels.list()).map((label) => label.nome)).toEqual(order);
      // The server's order holds across pages: each page starts where the one before ended.
      const pages = [1, 2, 3, 4].map((page) => store.labels.page({ page, limit: 3 }));
      expect((await Promise.all(pages)).flatMap(({ items }) => items.map((label) => label.nome))).toEqual(
        order,
      );
    });

    it("finds a label's thoughts without its accents or case, after a merge too", async () => {
      const song = await store.thoughts.create(thoughtInput({ etiquetas: ["MPB"] }));
      const other = await store.thoughts.create(thoughtInput({ etiquetas: ["Música"] }));
      await store.thoughts.create(thoughtInput({ etiquetas: ["musical"] }));
      expect(await ids({ label: "musica" })).toEqual([other.id]);
      await store.labels.rename("MPB", "música");
      expect(await ids({ label: "musica" })).toEqual([other.id, song.id]);
      expect(await ids({ label: "MÚSICA" })).toEqual([other.id, song.id]);
      expect((await store.thoughts.get(song.id))?.etiquetas).toEqual(["música"]);
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

    it("renames a label in case only, and the list and the thoughts show the new spelling", async () => {
      const a = await store.thoughts.create(thoughtInput({ etiquetas: ["Amor", "poesia"] }));
      const b = await store.thoughts.create(thoughtInput({ etiquetas: ["poesia"] }));
      expect(await store.labels.rename("POESIA", "Poesia")).toEqual({ nome: "Poesia", total: 2 });
      expect((await store.thoughts.get(a.id))?.etiquetas).toEqual(["Amor", "Poesia"]);
      expect((await store.thoughts.get(b.id))?.etiquetas).toEqual(["Poesia"]);
      expect(await store.labels.list()).toEqual([
        { nome: "Amor", total: 1 },
        { nome: "Poesia", total: 2 },
      ]);
    });

    it("merges into a label in use under the spelling asked for, keeping each thought's labels distinct", async () => {
      const both = await store.thoughts.create(thoughtInput({ etiquetas: ["Mar", "poema", "Poesia"] }));
      const target = await store.thoughts.create(thoughtInput({ etiquetas: ["Poesia"] }));
      const other = await store.thoughts.create(thoughtInput({ etiquetas: ["poesia", "Céu"] }));
      const renamed = await store.thoughts.create(thoughtInput({ etiquetas: ["Poema"] }));
      expect(await store.labels.rename("poema", "POESIA")).toEqual({ nome: "POESIA", total: 4 });
      expect((await store.thoughts.get(both.id))?.etiquetas).toEqual(["Mar", "POESIA"]);
      expect((await store.thoughts.get(target.id))?.etiquetas).toEqual(["POESIA"]);
      expect((await store.thoughts.get(other.id))?.etiquetas).toEqual(["POESIA", "Céu"]);
      expect((await store.thoughts.get(renamed.id))?.etiquetas).toEqual(["POESIA"]);
      expect(await store.labels.list()).toEqual([
        { nome: "Céu", total: 1 },
        { nome: "Mar", total: 1 },
        { nome: "POESIA", total: 4 },
      ]);
      expect(await ids({ label: "poesia" })).toEqual([renamed.id, other.id, target.id, both.id]);
      expect(await page({ label: "poema" })).toEqual({ items: [], total: 0 });
    });

    it("runs a rename or a deletion again after a deadlock, and gives up after four tries changing nothing", async () => {
      const a = await store.thoughts.create(thoughtInput({ etiquetas: ["Rascunho"] }));
      expect(await deadlockingLabels(store, 3).rename("rascunho", "Ideia")).toEqual({
        nome: "Ideia",
        total: 1,
      });
      expect(await deadlockingLabels(store, 3).remove("ideia")).toBe(true);
      await store.thoughts.update(a.id, { etiquetas: ["Rascunho"] });
      await expect(deadlockingLabels(store, 4).rename("rascunho", "Ideia")).rejects.toBeInstanceOf(
        WriteConflictError,
      );
      await expect(deadlockingLabels(store, 4).remove("rascunho")).rejects.toBeInstanceOf(WriteConflictError);
      expect((await store.thoughts.get(a.id))?.etiquetas).toEqual(["Rascunho"]);
      expect(await store.labels.list()).toEqual([{ nome: "Rascunho", total: 1 }]);
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
