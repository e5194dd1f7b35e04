import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, apiClient } from "../../../test-support/server/api-client";
import { openTestStore, type TestStore, testDialects } from "../../../test-support/server/test-stores";
import { thoughtInput } from "../../../test-support/thought-factory";
import { apiPaths, type Thought } from "../../domain/contract";

const base = apiPaths.thoughts;

/** Written in this order: ids 1..6 on a fresh table (the tests read ids through `byText`). */
const WALL = [
  { conteudo: "banana", autoria: "Bia", modelo: "modelo1", favorito: true, fonte: "Pomar", dia: 3 },
  { conteudo: "Abacate", autoria: "ana", modelo: "modelo2", favorito: false, fonte: "", dia: 1 },
  { conteudo: "ábaco", autoria: "Bia", modelo: "modelo3", favorito: false, fonte: "Ábaco antigo", dia: 5 },
  { conteudo: "caju", autoria: "Caio", modelo: "modelo1", favorito: false, fonte: "Pomar", dia: 2 },
  { conteudo: "abacaxi", autoria: "ana", modelo: "modelo1", favorito: true, fonte: "Feira", dia: 4 },
  { conteudo: "Zebra", autoria: "Bia", modelo: "modelo2", favorito: false, fonte: "", dia: 1 },
] as const;

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`json-server's list parameters on ${name}`, () => {
    let test: TestStore;
    let api: ApiClient;
    /** The texts of a list answer, in its order. */
    const texts = async (query: string) => {
      const response = await api.call({ method: "GET", url: `${base}?${query}` });
      expect(response.statusCode, query).toBe(200);
      return { texts: (response.json() as Thought[]).map((t) => t.conteudo), response };
    };
    const refused = async (query: string) => {
      const response = await api.call({ method: "GET", url: `${base}?${query}` });
      expect(response.statusCode, query).toBe(400);
      return response.json().error as { code: string; message: string; fields: Record<string, string> };
    };

    beforeAll(async () => {
      test = await openTestStore(name);
      api = await apiClient(test.store);
      // Dated as an import dates them (the API never takes a date), on days of their own: two share one.
      await test.store.thoughts.insertMany(
        WALL.map(({ dia, ...thought }) => ({
          ...thoughtInput(thought),
          criadoEm: new Date(Date.UTC(2020, 0, dia)).toISOString(),
        })),
      );
    });
    afterAll(async () => {
      await api?.app.close();
      await test?.cleanup();
    });

    it("sorts by _sort, ascending unless _order says desc, texts in code point order, ties oldest first", async () => {
      expect((await texts("_sort=conteudo")).texts).toEqual([
        "Abacate",
        "Zebra",
        "abacaxi",
        "banana",
        "caju",
        "ábaco",
      ]);
      expect((await texts("_sort=conteudo&_order=DESC")).texts).toEqual([
        "ábaco",
        "caju",
        "banana",
        "abacaxi",
        "Zebra",
        "Abacate",
      ]);
      expect((await texts("_sort=id")).texts).toEqual(WALL.map((t) => t.conteudo));
      // Equal authors keep the order they were written in, as json-server's stable sort does.
      expect((await texts("_sort=autoria")).texts).toEqual([
        "banana",
        "ábaco",
        "Zebra",
        "caju",
        "Abacate",
        "abacaxi",
      ]);
      expect((await texts("_sort=autoria,id&_order=asc,desc")).texts).toEqual([
        "Zebra",
        "ábaco",
        "banana",
        "caju",
        "abacaxi",
        "Abacate",
      ]);
    });

    it("sorts by criadoEm and by fonte, the sources in code point order, none ('') first", async () => {
      expect((await texts("_sort=criadoEm")).texts).toEqual([
        "Abacate",
        "Zebra",
        "caju",
        "banana",
        "abacaxi",
        "ábaco",
      ]);
      // Equal dates keep the order they were written in, whichever the direction, as in json-server.
      expect((await texts("_sort=criadoEm&_order=desc")).texts).toEqual([
        "ábaco",
        "abacaxi",
        "banana",
        "caju",
        "Abacate",
        "Zebra",
      ]);
      expect((await texts("_sort=fonte")).texts).toEqual([
        "Abacate",
        "Zebra",
        "abacaxi",
        "banana",
        "caju",
        "ábaco",
      ]);
      const bySource = await texts("_sort=fonte,criadoEm&_order=desc,asc");
      expect(bySource.texts).toEqual(["ábaco", "caju", "banana", "abacaxi", "Abacate", "Zebra"]);
      expect(bySource.response.headers["x-total-count"]).toBe("6");
      const first = (bySource.response.json() as Thought[])[0];
      expect(first).toMatchObject({ fonte: "Ábaco antigo", criadoEm: "2020-01-05T00:00:00.000Z" });
      const filtered = await texts("modelo=modelo1&_sort=criadoEm&_order=desc&_limit=2");
      expect(filtered.texts).toEqual(["abacaxi", "banana"]);
      expect(filtered.response.headers["x-total-count"]).toBe("3");
    });

    it("slices with _start and _end, or _start and _limit, counting every match in X-Total-Count", async () => {
      const sliced = await texts("_sort=id&_start=1&_end=3");
      expect(sliced.texts).toEqual(["Abacate", "ábaco"]);
      expect(sliced.response.headers["x-total-count"]).toBe("6");
      expect(sliced.response.headers.link).toBeUndefined();
      expect((await texts("_sort=id&_start=4&_limit=5")).texts).toEqual(["abacaxi", "Zebra"]);
      // _end wins over _limit, as in json-server; without _sort, the wall's order.
      expect((await texts("_start=0&_end=2&_limit=5")).texts).toEqual(["Zebra", "abacaxi"]);
      expect((await texts("_end=1")).texts).toEqual(["Zebra"]);
    });

    it("filters by modelo and favorito, alone or together, with the total of the filtered", async () => {
      const first = await texts("modelo=modelo1");
      expect(first.texts).toEqual(["abacaxi", "caju", "banana"]);
      expect(first.response.headers["x-total-count"]).toBe("3");
      expect((await texts("modelo=modelo1&favorito=true&_sort=conteudo")).texts).toEqual([
        "abacaxi",
        "banana",
      ]);
      const paged = await texts("modelo=modelo1&_page=2&_limit=2");
      expect(paged.texts).toEqual(["banana"]);
      expect(paged.response.headers["x-total-count"]).toBe("3");
      expect(String(paged.response.headers.link)).toContain(
        `<${base}?modelo=modelo1&_page=1&_limit=2>; rel="first"`,
      );
    });

    it("keeps the wall's pages, search and cursor as they were", async () => {
      expect((await texts("_page=1&_limit=2")).texts).toEqual(["Zebra", "abacaxi"]);
      expect((await texts("q=abac")).texts).toEqual(["abacaxi", "ábaco", "Abacate"]);
      expect((await texts("q=abac&_start=1&_end=2")).texts).toEqual(["ábaco"]);
      const cursor = await texts("_after=3&_limit=5");
      expect(cursor.texts).toEqual(["Abacate", "banana"]);
    });

    it("lists the parameters in the OpenAPI document, which derives from the route's schema", async () => {
      const document = (await api.call({ method: "GET", url: apiPaths.openapi })).json();
      const names = document.paths[base].get.parameters.map((parameter: { name: string }) => parameter.name);
      expect(names).toEqual(expect.arrayContaining(["_sort", "_order", "_start", "_end", "modelo"]));
      expect(document.paths[base].get.description).toContain("`_sort`");
    });

    it.each([
      ["_embed=comentarios", "_embed", "_embed não é um parâmetro desta API."],
      ["_like=x", "_like", "_like não é um parâmetro desta API."],
      [
        "_sort=favorito",
        "_sort",
        "_sort aceita id, conteudo, autoria, fonte, criadoEm (ou uma lista deles separada por vírgulas).",
      ],
      [
        "_sort=nota",
        "_sort",
        "_sort aceita id, conteudo, autoria, fonte, criadoEm (ou uma lista deles separada por vírgulas).",
      ],
      [
        "_sort=id,modelo",
        "_sort",
        "_sort aceita id, conteudo, autoria, fonte, criadoEm (ou uma lista deles separada por vírgulas).",
      ],
      [
        "_sort=id&_order=up",
        "_order",
        "_order aceita asc ou desc (ou uma lista deles separada por vírgulas).",
      ],
      ["_order=desc", "_order", "_order precisa de _sort."],
      ["_sort=id&_order=asc,desc", "_order", "_order tem mais direções que _sort tem campos."],
      ["_start=-1", "_start", "_start deve ser um número inteiro maior ou igual a 0."],
      ["_start=2&_end=2", "_end", "_end deve ser maior que _start."],
      ["_start=0&_end=101", "_end", "_end - _start deve ser no máximo 100."],
      ["_page=2&_start=1", "_start", "Use _page ou _start/_end, não os dois."],
      [
        "_after=3&_sort=id",
        "_after",
        "_after segue a ordem do mural: não se combina com _sort, _start nem _end.",
      ],
      ["modelo=modelo9", "modelo", "modelo deve ser modelo1, modelo2, modelo3."],
      ["modelo=modelo1&modelo=modelo2", "modelo", "modelo deve aparecer uma só vez."],
      [
        "q=abc&_sort=id",
        "q",
        "q não se combina com _sort nem com modelo: a busca lista do mais novo ao mais antigo.",
      ],
    ])("refuses %s with a 400 naming %s", async (query, parameter, message) => {
      const error = await refused(query);
      expect(error.code).toBe("validation");
      expect(error.message).toBe(message);
      expect(error.fields[parameter]).toBe(message);
    });
  });
}
