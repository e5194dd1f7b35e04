import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openTestStore, type TestStore, testDialects } from "../../../../test-support/server/test-stores";
import { thoughtInput } from "../../../../test-support/thought-factory";
import type { TestingStore } from "../testing";

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`the library's authors on ${name}`, () => {
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

    const byAuthors = (authors: string[]) =>
      store.thoughts.insertMany(
        authors.map((autoria, i) => thoughtInput({ conteudo: `Texto ${i}`, autoria })),
      );
    const names = async (query: Parameters<TestingStore["library"]["authors"]>[0] = {}) =>
      (await store.library.authors(query)).items.map((author) => author.nome);

    it("lists every author once, with its count, in pt-BR order (accents and case only break ties)", async () => {
      await byAuthors([
        "Érico Verissimo",
        "Eva Furnari",
        "clarice lispector",
        "Clarice Lispector",
        "Zélia Gattai",
        "Adélia Prado",
        "Erico Verissimo",
        "Ângela Lago",
        "Álvares de Azevedo",
        "Ana Cristina César",
        "Oswald de Andrade",
        "Çaçá Nunes",
        "Ceci Lima",
      ]);
      expect((await store.library.authors({})).items).toEqual([
        { nome: "Adélia Prado", total: 1 },
        { nome: "Álvares de Azevedo", total: 1 },
        { nome: "Ana Cristina César", total: 1 },
        { nome: "Ângela Lago", total: 1 },
        { nome: "Çaçá Nunes", total: 1 },
        { nome: "Ceci Lima", total: 1 },
        // One author however it was typed, shown as its first spelling in code point order.
        { nome: "Clarice Lispector", total: 2 },
        { nome: "Erico Verissimo", total: 2 },
        { nome: "Eva Furnari", total: 1 },
        { nome: "Oswald de Andrade", total: 1 },
        { nome: "Zélia Gattai", total: 1 },
      ]);
      expect((await store.library.authors({})).total).toBe(11);
    });

    it("pages, finds by a prefix without case or accents, and leaves out the trash", async () => {
      await byAuthors(["Ana", "Érica", "erico", "Eva", "Bia", "Ézio"]);
      expect(await names({ limit: 2 })).toEqual(["Ana", "Bia"]);
      expect(await store.library.authors({ page: 2, limit: 2 })).toEqual({
        items: [
          { nome: "Érica", total: 1 },
          { nome: "erico", total: 1 },
        ],
        total: 6,
      });
      expect(await store.library.authors({ prefix: "ERI" })).toEqual({
        items: [
          { nome: "Érica", total: 1 },
          { nome: "erico", total: 1 },
        ],
        total: 2,
      });
      expect(await names({ prefix: "  é" })).toEqual(["Érica", "erico", "Eva", "Ézio"]);
      expect(await names({ prefix: "x" })).toEqual([]);
      const [bia] = (await store.thoughts.list({ page: 1, limit: 6, author: "bia" })).items;
      await store.thoughts.remove(bia?.id ?? 0);
      expect(await names()).toEqual(["Ana", "Érica", "erico", "Eva", "Ézio"]);
    });

    it("follows every write, including another instance's, and an emptied wall", async () => {
      expect(await store.library.authors({})).toEqual({ items: [], total: 0 });
      const first = await store.thoughts.create(thoughtInput({ autoria: "Cecília Meireles" }));
      expect(await names()).toEqual(["Cecília Meireles"]);
      await store.thoughts.update(first.id, { autoria: "Cora Coralina" });
      expect(await store.library.authors({})).toEqual({
        items: [{ nome: "Cora Coralina", total: 1 }],
        total: 1,
      });
      // Another instance on the same database: its write moves the version this one remembers.
      const other = await test.reopen();
      try {
        await other.thoughts.create(thoughtInput({ autoria: "Carlos Drummond de Andrade" }));
      } finally {
        await other.close();
      }
      expect(await names()).toEqual(["Carlos Drummond de Andrade", "Cora Coralina"]);
      await store.db.deleteFrom("thoughts").execute();
      expect(await names()).toEqual([]);
    });
  });
}
