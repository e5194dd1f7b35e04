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

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`the library's sources on ${name}`, () => {
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

    const quotes = (items: [fonte: string, autoria: string, local?: string][]) =>
      store.thoughts.insertMany(
        items.map(([fonte, autoria, local = ""], i) =>
          thoughtInput({ conteudo: `Trecho ${i}`, fonte, autoria, local }),
        ),
      );

    it("lists each source with its author and count in pt-BR order, leaving out thoughts without one", async () => {
      await quotes([
        ["Dom Casmurro", "Machado de Assis"],
        ["Dom Casmurro", "machado de assis"],
        ["Água viva", "Clarice Lispector"],
        ["Poemas", "Fernando Pessoa"],
        ["Poemas", "Carlos Drummond de Andrade"],
        ["", "Anônimo"],
        ["Memórias póstumas de Brás Cubas", "Machado de Assis"],
      ]);
      expect(await store.library.sources({})).toEqual({
        items: [
          { nome: "Água viva", autoria: "Clarice Lispector", total: 1 },
          { nome: "Dom Casmurro", autoria: "Machado de Assis", total: 2 },
          { nome: "Memórias póstumas de Brás Cubas", autoria: "Machado de Assis", total: 1 },
          // Two authors' books of one title are two sources, in the order of their authors.
          { nome: "Poemas", autoria: "Carlos Drummond de Andrade", total: 1 },
          { nome: "Poemas", autoria: "Fernando Pessoa", total: 1 },
        ],
        total: 5,
      });
      expect((await store.library.sources({ author: "MACHADO DE ÁSSIS" })).items.map((s) => s.nome)).toEqual([
        "Dom Casmurro",
        "Memórias póstumas de Brás Cubas",
      ]);
      expect(await store.library.sources({ prefix: "agua" })).toMatchObject({ total: 1 });
      expect(await store.library.sources({ page: 2, limit: 2 })).toMatchObject({
        items: [
          { nome: "Memórias póstumas de Brás Cubas" },
          { nome: "Poemas", autoria: "Carlos Drummond de Andrade" },
        ],
        total: 5,
      });
    });

    it("orders a source's thoughts by place, numbers by value, those without a place last", async () => {
      await quotes([
        ["Livro", "Autora", "p. 10"],
        ["Livro", "Autora", ""],
        ["Livro", "Autora", "p. 9"],
        ["Livro", "Outra Autora", "p. 1"],
        ["Outro livro", "Autora", "p. 2"],
        ["Livro", "Autora", "Posição 1234-1240"],
        ["Livro", "Autora", "Posição 980"],
        ["Livro", "Autora", "p. 100"],
      ]);
      const places = async (query: { author?: string; page?: number; limit?: number }) => {
        const found = await store.library.sourceThoughts({ source: "Livro", page: 1, limit: 100, ...query });
        return { places: found.items.map((t) => t.local), total: found.total };
      };
      expect(await places({})).toEqual({
        places: ["p. 1", "p. 9", "p. 10", "p. 100", "Posição 980", "Posição 1234-1240", ""],
        total: 7,
      });
      expect(await places({ author: "autora", page: 2, limit: 2 })).toEqual({
        places: ["p. 100", "Posição 980"],
        total: 6,
      });
      expect(await places({ author: "ninguém" })).toEqual({ places: [], total: 0 });
      // The list's own filter finds the same source, newest first.
      const listed = await store.thoughts.list({ page: 1, limit: 100, source: "Livro" });
      expect(listed.total).toBe(7);
      expect(listed.items.map((t) => t.id)).toEqual([...listed.items.map((t) => t.id)].sort((a, b) => b - a));
    });
  });
}
