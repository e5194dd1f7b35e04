import { beforeEach, describe, expect, it } from "vitest";
import { apiClient } from "../../../test-support/server/api-client";
import { apiSuite } from "../../../test-support/server/api-suite";
import { testDialects } from "../../../test-support/server/test-stores";
import { thoughtInput } from "../../../test-support/thought-factory";
import type { BulkResult, ImportRecord, UndoImportResult } from "../../domain/bulk-schemas";
import { apiPaths, type Thought, type TrashedThought } from "../../domain/contract";
import type { ImportResult } from "../../domain/contract-schemas";

const START = Date.UTC(2026, 10, 28, 3, 0, 0);

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`bulk actions and imports' undo on ${name}`, () => {
    let now = START;
    const suite = apiSuite(name, { clock: () => now });
    beforeEach(async () => {
      now = START;
      for (const table of ["thoughts", "trash", "imports"] as const) {
        await suite.test.store.db.deleteFrom(table).execute();
      }
    });

    const bulk = (payload: object) => suite.api.call({ method: "POST", url: apiPaths.bulk, payload });
    const seed = (count: number, fields: (i: number) => object = () => ({})) =>
      suite.test.store.thoughts.insertMany(
        Array.from({ length: count }, (_, i) => thoughtInput({ conteudo: `Pensamento ${i}`, ...fields(i) })),
      );
    const wallIds = async (query = "") => {
      const response = await suite.api.call({
        method: "GET",
        url: `${apiPaths.thoughts}?_limit=100${query}`,
      });
      expect(response.statusCode).toBe(200);
      return (response.json() as Thought[]).map((thought) => thought.id).sort((a, b) => a - b);
    };
    const trashIds = async () =>
      (await suite.test.store.db.selectFrom("trash").select("id").orderBy("id").execute()).map((row) =>
        Number(row.id),
      );
    const importFile = async (thoughts: object[]) => {
      const response = await suite.api.call({
        method: "POST",
        url: apiPaths.import,
        payload: JSON.stringify({ pensamentos: thoughts }),
        headers: { "content-type": "application/json" },
      });
      expect(response.statusCode).toBe(200);
      return response.json() as ImportResult;
    };

    it("moves the selection to the trash at one instant and brings it back in one request", async () => {
      await seed(5);
      const all = await wallIds();
      const chosen = all.slice(0, 3);
      const moved = await bulk({ acao: "lixeira", ids: chosen });
      expect(moved.statusCode).toBe(200);
      const result = moved.json() as BulkResult;
      expect(result).toEqual({
        acao: "lixeira",
        total: 3,
        ids: chosen,
        excluidoEm: new Date(START).toISOString(),
      });
      expect(await wallIds()).toEqual(all.slice(3));
      expect(await trashIds()).toEqual(chosen);
      const trash = (await suite.api.call({ method: "GET", url: apiPaths.trash })).json() as TrashedThought[];
      expect(new Set(trash.map((thought) => thought.excluidoEm))).toEqual(new Set([result.excluidoEm]));

      const back = await bulk({ acao: "restaurar", ids: result.ids });
      expect(back.statusCode).toBe(200);
      expect(back.json()).toMatchObject({ acao: "restaurar", total: 3 });
      expect(await wallIds()).toEqual(all);
      expect(await trashIds()).toEqual([]);
      // Back with their search column and labels' rows: a search and the count find them.
      expect(await wallIds("&q=pensamento")).toEqual(all);
    });

    it("refuses more than 10,000 thoughts with a 400, and does nothing", async () => {
      await seed(2);
      const ids = Array.from({ length: 10_001 }, (_, i) => i + 1);
      const response = await bulk({ acao: "lixeira", ids });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe("validation");
      expect(await trashIds()).toEqual([]);
      expect(await wallIds()).toHaveLength(2);
    });

    it("refuses a selection naming a thought that is not there with a 404, and does nothing", async () => {
      await seed(3);
      const all = await wallIds();
      for (const acao of ["lixeira", "favoritar", "etiquetar"]) {
        const response = await bulk({ acao, ids: [...all, 999_999], etiqueta: "lida" });
        expect(response.statusCode).toBe(404);
        expect(response.json().error.code).toBe("not_found");
      }
      expect(await wallIds()).toEqual(all);
      expect(await wallIds("&favorito=true")).toEqual([]);
      expect(await wallIds("&etiqueta=lida")).toEqual([]);
      expect(await trashIds()).toEqual([]);
      expect((await bulk({ acao: "restaurar", ids: [all[0]] })).statusCode).toBe(404);
    });

    it("acts on a view by its filter: a label, and a label left out", async () => {
      await seed(6, (i) => ({ etiquetas: i % 2 === 0 ? ["Kindle"] : [] }));
      const kindle = await wallIds("&etiqueta=kindle");
      const others = await wallIds("&sem=kindle");
      expect(kindle).toHaveLength(3);
      expect(others).toHaveLength(3);
      expect([...kindle, ...others].sort((a, b) => a - b)).toEqual(await wallIds());

      const favored = await bulk({ acao: "favoritar", filtro: { sem: "KINDLE" } });
      expect(favored.json()).toMatchObject({ total: 3, ids: [...others].reverse() });
      expect(await wallIds("&favorito=true")).toEqual(others);

      const moved = await bulk({ acao: "lixeira", filtro: { etiqueta: "kindle" } });
      expect(moved.statusCode).toBe(200);
      expect(await wallIds()).toEqual(others);
      expect(await trashIds()).toEqual(kindle);
    });

    it("adds a label to the selection and takes it off again", async () => {
      await seed(4, (i) => ({ etiquetas: i === 0 ? ["Lida"] : ["outra"] }));
      const all = await wallIds();
      const added = await bulk({ acao: "etiquetar", ids: all, etiqueta: "lida" });
      expect(added.statusCode).toBe(200);
      expect(await wallIds("&etiqueta=lida")).toEqual(all);
      const thoughts = await suite.test.store.thoughts.all();
      // The one that had it keeps its spelling once; the others get it after their own.
      expect(thoughts.map((thought) => thought.etiquetas)).toEqual([
        ["Lida"],
        ["outra", "lida"],
        ["outra", "lida"],
        ["outra", "lida"],
      ]);
      const labels = (await suite.api.call({ method: "GET", url: apiPaths.labels })).json();
      expect(labels).toContainEqual({ nome: expect.stringMatching(/^lida$/i), total: 4 });

      const removed = await bulk({ acao: "desetiquetar", ids: all.slice(0, 2), etiqueta: "LIDA" });
      expect(removed.statusCode).toBe(200);
      expect(await wallIds("&etiqueta=lida")).toEqual(all.slice(2));
      expect((await suite.test.store.thoughts.all()).map((thought) => thought.etiquetas)).toEqual([
        [],
        ["outra"],
        ["outra", "lida"],
        ["outra", "lida"],
      ]);
    });

    it("counts a bulk action as one write for the rate limit", async () => {
      const limited = await apiClient(suite.test.store, { writeRateLimit: 2, clock: () => now });
      try {
        await seed(50);
        const ids = await wallIds();
        const call = (payload: object) => limited.call({ method: "POST", url: apiPaths.bulk, payload });
        expect((await call({ acao: "favoritar", ids })).statusCode).toBe(200);
        expect((await call({ acao: "lixeira", ids })).statusCode).toBe(200);
        expect(await trashIds()).toEqual(ids);
        expect((await call({ acao: "restaurar", ids })).statusCode).toBe(429);
      } finally {
        await limited.app.close();
      }
    });

    it("lists an import and undoes it, leaving out a thought edited since unless asked", async () => {
      await seed(1);
      const before = await wallIds();
      const imported = await importFile([
        { conteudo: "Primeiro destaque", autoria: "Autora Um" },
        { conteudo: "Segundo destaque", autoria: "Autora Um" },
        { conteudo: "Terceiro destaque", autoria: "Autora Dois" },
      ]);
      expect(imported.imported).toBe(3);
      const importId = imported.importacao;
      expect(importId).toBeTypeOf("number");

      const listed = (
        await suite.api.call({ method: "GET", url: apiPaths.imports })
      ).json() as ImportRecord[];
      expect(listed).toEqual([
        { id: importId, em: expect.any(String), tipo: "json", total: 3, noMural: 3, editados: 0 },
      ]);

      const ofImport = (await wallIds()).filter((id) => !before.includes(id));
      expect(ofImport).toHaveLength(3);
      // Edited after the import: a later instant than the import's.
      await new Promise((resolve) => setTimeout(resolve, 5));
      const edited = await suite.api.call({
        method: "PATCH",
        url: apiPaths.thought(ofImport[0] ?? 0),
        payload: { nota: "minha nota" },
      });
      expect(edited.statusCode).toBe(200);
      const relisted = (await suite.api.call({ method: "GET", url: apiPaths.imports })).json();
      expect(relisted[0]).toMatchObject({ noMural: 3, editados: 1 });

      now = START + 1_000;
      const undone = await suite.api.call({
        method: "POST",
        url: apiPaths.undoImport(importId ?? 0),
        payload: { incluirEditados: false },
      });
      expect(undone.statusCode).toBe(200);
      const outcome = undone.json() as UndoImportResult;
      expect(outcome).toEqual({
        movidos: 2,
        editadosMantidos: 1,
        excluidoEm: new Date(START + 1_000).toISOString(),
      });
      expect(await wallIds()).toEqual([...before, ofImport[0]]);
      expect(await trashIds()).toEqual(ofImport.slice(1));

      // Its 'Desfazer': back in one request, still the import's.
      const redone = await suite.api.call({
        method: "POST",
        url: apiPaths.redoImport(importId ?? 0),
        payload: { excluidoEm: outcome.excluidoEm },
      });
      expect(redone.json()).toEqual({ restaurados: 2 });
      expect(await wallIds()).toEqual([...before, ...ofImport]);

      now = START + 2_000;
      const all = await suite.api.call({
        method: "POST",
        url: apiPaths.undoImport(importId ?? 0),
        payload: { incluirEditados: true },
      });
      expect(all.json()).toMatchObject({ movidos: 3, editadosMantidos: 0 });
      expect(await wallIds()).toEqual(before);
      expect(await trashIds()).toEqual(ofImport);
    });

    it("answers 404 for an import that does not exist", async () => {
      const response = await suite.api.call({
        method: "POST",
        url: apiPaths.undoImport(123_456),
        payload: {},
      });
      expect(response.statusCode).toBe(404);
    });

    it("records no import when the file added nothing", async () => {
      await importFile([{ conteudo: "Já está", autoria: "Alguém Aqui" }]);
      const again = await importFile([{ conteudo: "Já está", autoria: "Alguém Aqui" }]);
      expect(again.imported).toBe(0);
      expect(again.importacao).toBeUndefined();
      const listed = (await suite.api.call({ method: "GET", url: apiPaths.imports })).json();
      expect(listed).toHaveLength(1);
    });
  });
}
