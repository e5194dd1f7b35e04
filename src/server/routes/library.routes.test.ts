import { beforeEach, describe, expect, it } from "vitest";
import { apiSuite } from "../../../test-support/server/api-suite";
import { testDialects } from "../../../test-support/server/test-stores";
import { thoughtInput } from "../../../test-support/thought-factory";
import { type AuthorCount, apiPaths, type Thought } from "../../domain/contract";
import { messages } from "../../domain/messages";

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`the authors through the API on ${name}`, () => {
    const suite = apiSuite(name);
    beforeEach(async () => {
      await suite.test.store.db.deleteFrom("trash").execute();
      await suite.test.store.db.deleteFrom("thoughts").execute();
    });

    const get = (url: string) => suite.api.call({ method: "GET", url });
    const names = (response: { json(): unknown }) => (response.json() as AuthorCount[]).map((a) => a.nome);
    const seed = (authors: string[]) =>
      suite.test.store.thoughts.insertMany(authors.map((autoria) => thoughtInput({ autoria })));

    it("answers the authors in pt-BR order with their counts, a page at a time, with the total and links", async () => {
      const authors = Array.from({ length: 150 }, (_, i) => `Autor ${i + 1}`);
      await seed([...authors, "Autor 2", "autor 2"]);
      const first = await get(apiPaths.authors);
      expect(first.statusCode).toBe(200);
      // Numbers by value: 'Autor 2' before 'Autor 10'.
      expect(names(first)).toEqual(authors.slice(0, 100));
      expect((first.json() as AuthorCount[])[1]).toEqual({ nome: "Autor 2", total: 3 });
      expect(first.headers["x-total-count"]).toBe("150");

      const second = await get(`${apiPaths.authors}?_page=2&_limit=40`);
      expect(names(second)).toEqual(authors.slice(40, 80));
      expect(second.headers.link).toBe(
        [
          `<${apiPaths.authors}?_page=1&_limit=40>; rel="first"`,
          `<${apiPaths.authors}?_page=1&_limit=40>; rel="prev"`,
          `<${apiPaths.authors}?_page=3&_limit=40>; rel="next"`,
          `<${apiPaths.authors}?_page=4&_limit=40>; rel="last"`,
        ].join(", "),
      );
      expect(names(await get(`${apiPaths.authors}?_limit=1000`))).toEqual(authors);
    });

    it("keeps the authors whose name starts with a prefix, ignoring case and accents, in the links too", async () => {
      await seed(["Érico Verissimo", "Eva Furnari", "Ana Maria Machado", "erico", "Ézio"]);
      const found = await get(`${apiPaths.authors}?prefixo=ERI&_limit=1`);
      expect(names(found)).toEqual(["erico"]);
      expect(found.headers["x-total-count"]).toBe("2");
      expect(found.headers.link).toContain(`<${apiPaths.authors}?prefixo=ERI&_page=2&_limit=1>; rel="next"`);
      expect(names(await get(`${apiPaths.authors}?prefixo=%C3%A9`))).toEqual([
        "erico",
        "Érico Verissimo",
        "Eva Furnari",
        "Ézio",
      ]);
      expect(names(await get(`${apiPaths.authors}?prefixo=`))).toHaveLength(5);
    });

    it("refuses a bad page, size, repeated or over-long parameter and a NUL with a 400 in pt-BR", async () => {
      await seed(["Ana"]);
      const refusals: [query: string, message: string][] = [
        ["_limit=1001", "_limit deve ser no máximo 1000."],
        ["_limit=0", "_limit deve ser no mínimo 1."],
        ["_page=x", "_page deve ser um número inteiro positivo."],
        ["_limit=1&_limit=2", "_limit deve aparecer uma só vez."],
        [`prefixo=${"a".repeat(201)}`, "prefixo deve ter no máximo 200 caracteres."],
        ["prefixo=a%00b", messages.textInvalid],
      ];
      for (const [query, message] of refusals) {
        const refused = await get(`${apiPaths.authors}?${query}`);
        expect(refused.statusCode, query).toBe(400);
        expect(refused.json().error).toMatchObject({ code: "validation", message });
      }
    });
  });
}

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`the sources and a source's thoughts through the API on ${name}`, () => {
    const suite = apiSuite(name);
    beforeEach(async () => {
      await suite.test.store.db.deleteFrom("trash").execute();
      await suite.test.store.db.deleteFrom("thoughts").execute();
    });

    const get = (url: string) => suite.api.call({ method: "GET", url });
    const post = (payload: object) => suite.api.call({ method: "POST", url: apiPaths.thoughts, payload });

    it("answers the sources with author and count, by author, by prefix, with the total and links", async () => {
      for (const [fonte, autoria, conteudo] of [
        ["Dom Casmurro", "Machado de Assis", "Capitu"],
        ["Dom Casmurro", "Machado de Assis", "Bentinho"],
        ["Quincas Borba", "Machado de Assis", "Ao vencedor"],
        ["A hora da estrela", "Clarice Lispector", "Macabéa"],
        ["", "Clarice Lispector", "Sem fonte"],
      ]) {
        expect((await post({ conteudo, autoria, fonte })).statusCode).toBe(201);
      }
      const all = await get(apiPaths.sources);
      expect(all.json()).toEqual([
        { nome: "A hora da estrela", autoria: "Clarice Lispector", total: 1 },
        { nome: "Dom Casmurro", autoria: "Machado de Assis", total: 2 },
        { nome: "Quincas Borba", autoria: "Machado de Assis", total: 1 },
      ]);
      expect(all.headers["x-total-count"]).toBe("3");
      const machado = await get(`${apiPaths.sources}?autoria=machado%20de%20assis&_limit=1`);
      expect(machado.json()).toEqual([{ nome: "Dom Casmurro", autoria: "Machado de Assis", total: 2 }]);
      expect(machado.headers["x-total-count"]).toBe("2");
      expect(machado.headers.link).toContain(
        `<${apiPaths.sources}?autoria=machado+de+assis&_page=2&_limit=1>; rel="next"`,
      );
      expect((await get(`${apiPaths.sources}?prefixo=QUIN`)).json()).toHaveLength(1);
    });

    it("answers a source's thoughts by place, and the list API filters by the same source", async () => {
      for (const local of ["p. 10", "p. 9", "", "p. 100"]) {
        await post({ conteudo: `Trecho ${local}`, autoria: "Autora", fonte: "Livro/Tomo 1", local });
      }
      await post({ conteudo: "Outro", autoria: "Autora", fonte: "Livro", local: "p. 1" });
      const url = `${apiPaths.sourceThoughts}?fonte=${encodeURIComponent("Livro/Tomo 1")}&_limit=3`;
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      expect((first.json() as Thought[]).map((t) => t.local)).toEqual(["p. 9", "p. 10", "p. 100"]);
      expect(first.headers["x-total-count"]).toBe("4");
      expect(first.headers.link).toContain(
        `<${apiPaths.sourceThoughts}?fonte=Livro%2FTomo+1&_page=2&_limit=3>; rel="next"`,
      );
      expect((await get(`${url}&_page=2`)).json()).toMatchObject([{ local: "" }]);
      const listed = await get(`${apiPaths.thoughts}?fonte=${encodeURIComponent("Livro/Tomo 1")}`);
      expect(listed.headers["x-total-count"]).toBe("4");
      expect((listed.json() as Thought[]).map((t) => t.local)).toEqual(["p. 100", "", "p. 9", "p. 10"]);
    });

    it("refuses a missing, empty, over-long or repeated source and a bad page with a 400 in pt-BR", async () => {
      const refusals: [url: string, message: string][] = [
        [apiPaths.sourceThoughts, "fonte é obrigatória."],
        [`${apiPaths.sourceThoughts}?fonte=%20`, "fonte não pode ficar vazia."],
        [`${apiPaths.sourceThoughts}?fonte=${"a".repeat(301)}`, "fonte deve ter no máximo 300 caracteres."],
        [`${apiPaths.sourceThoughts}?fonte=a&fonte=b`, "fonte deve aparecer uma só vez."],
        [`${apiPaths.sourceThoughts}?fonte=a&_limit=101`, "_limit deve ser no máximo 100."],
        [`${apiPaths.sourceThoughts}?fonte=a%00`, messages.textInvalid],
        [`${apiPaths.sources}?autoria=${"a".repeat(201)}`, "autoria deve ter no máximo 200 caracteres."],
        [`${apiPaths.sources}?_page=0`, "_page deve ser no mínimo 1."],
        [`${apiPaths.thoughts}?fonte=${"a".repeat(301)}`, "fonte deve ter no máximo 300 caracteres."],
      ];
      for (const [url, message] of refusals) {
        const refused = await get(url);
        expect(refused.statusCode, url).toBe(400);
        expect(refused.json().error, url).toMatchObject({ code: "validation", message });
      }
    });
  });
}
