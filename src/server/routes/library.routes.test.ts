import { beforeEach, describe, expect, it } from "vitest";
import { apiSuite } from "../../../test-support/server/api-suite";
import { testDialects } from "../../../test-support/server/test-stores";
import { thoughtInput } from "../../../test-support/thought-factory";
import { type AuthorCount, apiPaths } from "../../domain/contract";
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
