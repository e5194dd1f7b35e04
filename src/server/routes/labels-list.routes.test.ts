import { beforeEach, describe, expect, it } from "vitest";
import { apiSuite } from "../../../test-support/server/api-suite";
import { testDialects } from "../../../test-support/server/test-stores";
import { apiPaths, type LabelCount, type Thought } from "../../domain/contract";
import { messages } from "../../domain/messages";

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`the labels list, pages and label names through the API on ${name}`, () => {
    const suite = apiSuite(name);
    beforeEach(async () => {
      await suite.test.store.db.deleteFrom("trash").execute();
      await suite.test.store.db.deleteFrom("thoughts").execute();
    });

    const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
      suite.api.call({ method, url, ...(payload ? { payload } : {}) });
    const labelled = (etiquetas: unknown) =>
      call("POST", apiPaths.thoughts, { conteudo: "Texto", autoria: "Alguém", etiquetas });
    const names = (response: { json(): unknown }) => (response.json() as LabelCount[]).map((l) => l.nome);
    const seed = (labels: string[]) =>
      suite.test.store.thoughts.insertMany(
        labels.map((label) => ({
          conteudo: `Sobre ${label}`,
          autoria: "Alguém",
          modelo: "modelo1" as const,
          favorito: false,
          etiquetas: [label],
          fonte: "",
          local: "",
          nota: "",
        })),
      );

    it("answers a page of labels (100 unless _limit says, up to 1,000), the total and the links", async () => {
      const labels = Array.from({ length: 150 }, (_, i) => `e${String(i).padStart(3, "0")}`);
      await seed(labels);
      const first = await call("GET", apiPaths.labels);
      expect(first.statusCode).toBe(200);
      expect(names(first)).toEqual(labels.slice(0, 100));
      expect(first.headers["x-total-count"]).toBe("150");

      const second = await call("GET", `${apiPaths.labels}?_page=2&_limit=40`);
      expect(names(second)).toEqual(labels.slice(40, 80));
      expect(second.headers.link).toBe(
        [
          `<${apiPaths.labels}?_page=1&_limit=40>; rel="first"`,
          `<${apiPaths.labels}?_page=1&_limit=40>; rel="prev"`,
          `<${apiPaths.labels}?_page=3&_limit=40>; rel="next"`,
          `<${apiPaths.labels}?_page=4&_limit=40>; rel="last"`,
        ].join(", "),
      );
      const all = await call("GET", `${apiPaths.labels}?_limit=1000`);
      expect(names(all)).toEqual(labels);
      for (const query of ["_limit=1001", "_limit=0", "_page=x", "_limit=1&_limit=2"]) {
        const refused = await call("GET", `${apiPaths.labels}?${query}`);
        expect(refused.statusCode, query).toBe(400);
        expect(refused.json().error.code).toBe("validation");
      }
    });

    it("finds the labels that start with a prefix, in any case, with their total and links", async () => {
      await seed(["Poesia", "poema", "Pó", "Amor", "Épico"]);
      await labelled(["Ｐoente"]);
      const found = await call("GET", `${apiPaths.labels}?prefixo=PO&_limit=1`);
      expect(names(found)).toEqual(["poema"]);
      expect(found.headers["x-total-count"]).toBe("3");
      expect(found.headers.link).toContain(`<${apiPaths.labels}?prefixo=PO&_page=2&_limit=1>; rel="next"`);
      const all = await call("GET", `${apiPaths.labels}?prefixo=${encodeURIComponent("Ｐo")}`);
      expect(names(all)).toEqual(["poema", "Poente", "Poesia"]);
      // Accents count, as they do for a label: "avó" and "avô" are two labels.
      expect(names(await call("GET", `${apiPaths.labels}?prefixo=e`))).toEqual([]);
      expect(names(await call("GET", `${apiPaths.labels}?prefixo=%C3%A9`))).toEqual(["Épico"]);
      // An empty prefix keeps every label.
      expect(names(await call("GET", `${apiPaths.labels}?prefixo=`))).toHaveLength(6);
    });

    it("refuses a NUL in every label parameter, and an over-long prefix, with a 400, never a 500", async () => {
      await labelled(["Mar"]);
      const requests: [method: "GET" | "PATCH" | "DELETE", url: string][] = [
        ["GET", `${apiPaths.labels}?prefixo=a%00b`],
        ["GET", `${apiPaths.thoughts}?etiqueta=a%00b`],
        ["PATCH", `${apiPaths.labels}/a%00b`],
        ["DELETE", `${apiPaths.labels}/a%00b`],
        ["GET", `${apiPaths.labels}?prefixo=${"a".repeat(201)}`],
      ];
      for (const [method, url] of requests) {
        const response = await call(method, url, method === "PATCH" ? { nome: "Oceano" } : undefined);
        expect(response.statusCode, `${method} ${url}`).toBe(400);
        expect(response.json().error.code).toBe("validation");
      }
      expect(names(await call("GET", apiPaths.labels))).toEqual(["Mar"]);
    });

    it("stores a label in NFKC without format or bidi characters, so look-alikes are one label", async () => {
      const created = await labelled([
        "Poesia",
        "po\u200Besia",
        "\u202EPOESIA",
        "\uFEFFpoesia\u2066",
        "Ｐoesia",
        "Poe\u0301tica",
        "\u0430mor",
        "amor",
        "👩‍💻",
      ]);
      expect(created.statusCode).toBe(201);
      expect((created.json() as Thought).etiquetas).toEqual([
        "Poesia",
        "Po\u00E9tica",
        "\u0430mor",
        "amor",
        "👩‍💻",
      ]);
      const listed = await call("GET", apiPaths.labels);
      // In the order of the keys' code points: Latin, then Cyrillic, then the emoji.
      expect(names(listed)).toEqual(["amor", "Poesia", "Po\u00E9tica", "\u0430mor", "👩‍💻"]);
      // A full-width comma is a comma once normalised; nothing but invisible characters is empty.
      for (const [label, message] of [
        ["a\uFF0Cb", messages.labelSeparator],
        ["\u200B\u202E", messages.labelEmpty],
      ]) {
        const refused = await labelled([label]);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().error.message).toBe(message);
      }
    });

    it("refuses a label named . or .., which no path can name, and takes ... and %2E", async () => {
      for (const label of [".", "..", " .. ", "\u200B."]) {
        const refused = await labelled([label]);
        expect(refused.statusCode, label).toBe(400);
        expect(refused.json().error.message).toBe(messages.labelDots);
      }
      await labelled(["Mar"]);
      const renamed = await call("PATCH", apiPaths.label("Mar"), { nome: ".." });
      expect(renamed.statusCode).toBe(400);
      expect(renamed.json().error.message).toBe(messages.labelDots);
      const taken = await labelled(["...", "%2E", "a/b", "50%", "?#"]);
      expect(taken.statusCode).toBe(201);
      for (const label of ["...", "%2E", "a/b", "50%", "?#"]) {
        const removed = await call("DELETE", apiPaths.label(label));
        expect(removed.statusCode, label).toBe(204);
      }
      expect(names(await call("GET", apiPaths.labels))).toEqual(["Mar"]);
    });
  });
}
