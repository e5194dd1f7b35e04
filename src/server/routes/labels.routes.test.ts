import { beforeEach, describe, expect, it } from "vitest";
import { apiSuite } from "../../../test-support/server/api-suite";
import { testDialects } from "../../../test-support/server/test-stores";
import { apiPaths, type Thought } from "../../domain/contract";

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`labels and authors through the API on ${name}`, () => {
    const suite = apiSuite(name);
    beforeEach(async () => {
      await suite.test.store.db.deleteFrom("trash").execute();
      await suite.test.store.db.deleteFrom("thoughts").execute();
    });

    const call = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: object) =>
      suite.api.call({ method, url, ...(payload ? { payload } : {}) });
    const create = async (body: object): Promise<Thought> => {
      const response = await call("POST", apiPaths.thoughts, body);
      expect(response.statusCode).toBe(201);
      return response.json();
    };
    const listed = async (query: string) => {
      const response = await call("GET", `${apiPaths.thoughts}?${query}`);
      expect(response.statusCode).toBe(200);
      return {
        ids: (response.json() as Thought[]).map((t) => t.id),
        total: Number(response.headers["x-total-count"]),
      };
    };

    it("takes labels on create, replace and patch, trimmed and without repeats, and none by default", async () => {
      const plain = await create({ conteudo: "Sem etiquetas", autoria: "Alguém" });
      expect(plain.etiquetas).toEqual([]);
      const labelled = await create({
        conteudo: "Com",
        autoria: "Alguém",
        etiquetas: [" Poesia ", "poesia", "Mar"],
      });
      expect(labelled.etiquetas).toEqual(["Poesia", "Mar"]);
      const patched = await call("PATCH", apiPaths.thought(plain.id), { etiquetas: ["Ideia"] });
      expect(patched.json()).toMatchObject({ etiquetas: ["Ideia"] });
      // A PUT that leaves the labels out keeps them; one that names none clears them.
      const kept = await call("PUT", apiPaths.thought(labelled.id), { conteudo: "Com", autoria: "Alguém" });
      expect(kept.json()).toMatchObject({ etiquetas: ["Poesia", "Mar"] });
      const replaced = await call("PUT", apiPaths.thought(labelled.id), {
        conteudo: "Com",
        autoria: "Alguém",
        etiquetas: [],
      });
      expect(replaced.json()).toMatchObject({ etiquetas: [] });
      expect((await call("GET", apiPaths.labels)).json()).toEqual([{ nome: "Ideia", total: 1 }]);
    });

    it("refuses bad labels with a 400 in Portuguese and changes nothing", async () => {
      const cases: [unknown, string][] = [
        [["   "], "Etiqueta não pode ficar vazia!"],
        [["x".repeat(31)], "Etiqueta pode ter no máximo 30 caracteres!"],
        [["a, b"], "Etiqueta não pode ter vírgula, ponto e vírgula ou quebra de linha!"],
        [Array.from({ length: 11 }, (_, i) => `e${i}`), "Um pensamento pode ter no máximo 10 etiquetas!"],
        ["poesia", "Etiquetas devem ser uma lista de textos."],
      ];
      for (const [etiquetas, message] of cases) {
        const response = await call("POST", apiPaths.thoughts, {
          conteudo: "Texto",
          autoria: "Alguém",
          etiquetas,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toMatchObject({ code: "validation" });
        expect(JSON.stringify(response.json().error)).toContain(message);
      }
      // Ten labels, two of them the same, are nine.
      const nine = await create({
        conteudo: "Nove",
        autoria: "Alguém",
        etiquetas: [...Array.from({ length: 9 }, (_, i) => `e${i}`), "E0", "e1"],
      });
      expect(nine.etiquetas).toHaveLength(9);
      expect((await listed("")).total).toBe(1);
    });

    it("filters by label and by author, with the search and the favourites, in the links too", async () => {
      const a = await create({ conteudo: "O mar salgado", autoria: "Fernando Pessoa", etiquetas: ["Mar"] });
      const b = await create({ conteudo: "Tanto mar", autoria: "Chico", etiquetas: ["mar"], favorito: true });
      const c = await create({ conteudo: "Navegar", autoria: "fernando pessôa" });
      expect(await listed("etiqueta=MAR")).toEqual({ ids: [b.id, a.id], total: 2 });
      expect(await listed("etiqueta=mar&favorito=true")).toEqual({ ids: [b.id], total: 1 });
      expect(await listed("etiqueta=mar&q=salgado")).toEqual({ ids: [a.id], total: 1 });
      expect(await listed("autoria=Fernando%20Pessoa")).toEqual({ ids: [c.id, a.id], total: 2 });
      expect(await listed("autoria=Fernando%20Pessoa&etiqueta=mar")).toEqual({ ids: [a.id], total: 1 });
      expect(await listed("autoria=Fernando")).toEqual({ ids: [], total: 0 });
      const response = await call("GET", `${apiPaths.thoughts}?etiqueta=mar&_page=1&_limit=1`);
      expect(response.headers.link).toContain("etiqueta=mar");
      const repeated = await call("GET", `${apiPaths.thoughts}?etiqueta=a&etiqueta=b`);
      expect(repeated.statusCode).toBe(400);
      expect(repeated.json().error.message).toContain("etiqueta deve aparecer uma só vez.");
    });

    it("lists the labels with counts, renames one (merging) and deletes one everywhere", async () => {
      const a = await create({ conteudo: "Um", autoria: "Alguém", etiquetas: ["Poema", "Poesia"] });
      await create({ conteudo: "Dois", autoria: "Alguém", etiquetas: ["poema", "Rascunho"] });
      expect((await call("GET", apiPaths.labels)).json()).toEqual([
        { nome: "Poema", total: 2 },
        { nome: "Poesia", total: 1 },
        { nome: "Rascunho", total: 1 },
      ]);
      const renamed = await call("PATCH", apiPaths.label("poema"), { nome: "Poesia" });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toEqual({ nome: "Poesia", total: 2 });
      expect((await call("GET", apiPaths.thought(a.id))).json().etiquetas).toEqual(["Poesia"]);
      expect((await call("DELETE", apiPaths.label("RASCUNHO"))).statusCode).toBe(204);
      expect((await call("GET", apiPaths.labels)).json()).toEqual([{ nome: "Poesia", total: 2 }]);

      const missing = await call("DELETE", apiPaths.label("rascunho"));
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: { code: "not_found", message: "Etiqueta não encontrada." } });
      const bad = await call("PATCH", apiPaths.label("Poesia"), { nome: "a;b" });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.code).toBe("validation");
      expect((await call("GET", apiPaths.labels)).json()).toEqual([{ nome: "Poesia", total: 2 }]);
    });

    it("shows a change of case, and a merge, in the new spelling in the answer, the list and the cards", async () => {
      const a = await create({ conteudo: "Um", autoria: "Alguém", etiquetas: ["poesia", "Mar"] });
      const b = await create({ conteudo: "Dois", autoria: "Alguém", etiquetas: ["Poesia"] });
      const c = await create({ conteudo: "Três", autoria: "Alguém", etiquetas: ["Poema"] });
      const cards = async () => {
        const response = await call("GET", `${apiPaths.thoughts}?etiqueta=poesia`);
        return (response.json() as Thought[]).map((thought) => [thought.id, thought.etiquetas]);
      };

      const cased = await call("PATCH", apiPaths.label("poesia"), { nome: "POESIA" });
      expect(cased.json()).toEqual({ nome: "POESIA", total: 2 });
      expect((await call("GET", apiPaths.labels)).json()).toEqual([
        { nome: "Mar", total: 1 },
        { nome: "Poema", total: 1 },
        { nome: "POESIA", total: 2 },
      ]);
      expect(await cards()).toEqual([
        [b.id, ["POESIA"]],
        [a.id, ["POESIA", "Mar"]],
      ]);

      const merged = await call("PATCH", apiPaths.label("POEMA"), { nome: "Poesia" });
      expect(merged.json()).toEqual({ nome: "Poesia", total: 3 });
      expect((await call("GET", apiPaths.labels)).json()).toEqual([
        { nome: "Mar", total: 1 },
        { nome: "Poesia", total: 3 },
      ]);
      expect(await cards()).toEqual([
        [c.id, ["Poesia"]],
        [b.id, ["Poesia"]],
        [a.id, ["Poesia", "Mar"]],
      ]);
    });

    it("keeps the labels of a thought through the trash and back", async () => {
      const kept = await create({ conteudo: "Guardado", autoria: "Alguém", etiquetas: ["Lembrar"] });
      expect((await call("DELETE", apiPaths.thought(kept.id))).statusCode).toBe(204);
      expect((await call("GET", apiPaths.labels)).json()).toEqual([]);
      expect((await call("GET", apiPaths.trash)).json()[0].etiquetas).toEqual(["Lembrar"]);
      expect((await call("POST", apiPaths.restore(kept.id))).statusCode).toBe(200);
      expect(await listed("etiqueta=lembrar")).toEqual({ ids: [kept.id], total: 1 });
    });
  });
}
