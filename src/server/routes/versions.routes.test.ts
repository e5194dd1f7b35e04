import { beforeEach, describe, expect, it } from "vitest";
import { apiSuite } from "../../../test-support/server/api-suite";
import { testDialects } from "../../../test-support/server/test-stores";
import { thoughtInput } from "../../../test-support/thought-factory";
import { apiPaths, type Thought } from "../../domain/contract";

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`versions and If-Match on ${name}`, () => {
    const suite = apiSuite(name);
    beforeEach(async () => {
      await suite.test.store.db.deleteFrom("thoughts").execute();
      await suite.test.store.db.deleteFrom("trash").execute();
    });

    const create = async (overrides = {}): Promise<Thought> => {
      const response = await suite.api.call({
        method: "POST",
        url: apiPaths.thoughts,
        payload: thoughtInput(overrides),
      });
      expect(response.statusCode).toBe(201);
      expect(response.headers.etag).toBe('"1"');
      return response.json();
    };
    const stored = async (id: number) => suite.test.store.thoughts.get(id);
    const patch = (id: number, payload: unknown, ifMatch?: string) =>
      suite.api.call({
        method: "PATCH",
        url: apiPaths.thought(id),
        payload: payload as Record<string, unknown>,
        headers: ifMatch === undefined ? {} : { "if-match": ifMatch },
      });

    it("starts every thought at 1 and moves the version on every change: fields, favourite, labels, their rename, a restore", async () => {
      const thought = await create({ etiquetas: ["poesia"] });
      expect(thought.versao).toBe(1);
      const read = await suite.api.call({ method: "GET", url: apiPaths.thought(thought.id) });
      expect(read.headers.etag).toBe('"1"');
      expect(read.json().versao).toBe(1);

      const favourite = await patch(thought.id, { favorito: true });
      expect(favourite.json().versao).toBe(2);
      expect(favourite.headers.etag).toBe('"2"');
      const edited = await suite.api.call({
        method: "PUT",
        url: apiPaths.thought(thought.id),
        payload: { conteudo: "Outro texto", autoria: "Alguém" },
      });
      expect(edited.json().versao).toBe(3);
      expect((await patch(thought.id, { etiquetas: ["poesia", "mar"] })).json().versao).toBe(4);

      const renamed = await suite.api.call({
        method: "PATCH",
        url: apiPaths.label("mar"),
        payload: { nome: "oceano" },
      });
      expect(renamed.statusCode).toBe(200);
      expect((await stored(thought.id))?.versao).toBe(5);
      await suite.api.call({ method: "DELETE", url: apiPaths.label("poesia") });
      expect((await stored(thought.id))?.versao).toBe(6);

      expect((await suite.api.call({ method: "DELETE", url: apiPaths.thought(thought.id) })).statusCode).toBe(204);
      const restored = await suite.api.call({ method: "POST", url: apiPaths.restore(thought.id) });
      expect(restored.json().versao).toBe(7);
      expect(restored.headers.etag).toBe('"7"');
    });

    it("ignores a versao sent in a body, as it ignores criadoEm", async () => {
      const response = await suite.api.call({
        method: "POST",
        url: apiPaths.thoughts,
        payload: { ...thoughtInput(), versao: 40 },
      });
      expect(response.json().versao).toBe(1);
      const changed = await patch(response.json().id, { favorito: true, versao: 90 });
      expect(changed.json().versao).toBe(2);
    });

    it("answers 412 with the current thought for a stale If-Match, on PATCH, PUT and DELETE, and writes nothing", async () => {
      const thought = await create();
      await patch(thought.id, { favorito: true });
      const before = await stored(thought.id);

      const stalePatch = await patch(thought.id, { modelo: "Modelo 3" }, '"1"');
      expect(stalePatch.statusCode).toBe(412);
      expect(stalePatch.headers.etag).toBe('"2"');
      expect(stalePatch.json()).toEqual({
        error: { code: "versao_desatualizada", message: "Este pensamento mudou em outro aparelho." },
        atual: before,
      });
      // A change of the text takes the other path (the row read under its lock): the same answer.
      const stalePut = await suite.api.call({
        method: "PUT",
        url: apiPaths.thought(thought.id),
        payload: { conteudo: "Perdido", autoria: "Alguém" },
        headers: { "if-match": '"1"' },
      });
      expect(stalePut.statusCode).toBe(412);
      expect(stalePut.json().atual).toEqual(before);
      const staleDelete = await suite.api.call({
        method: "DELETE",
        url: apiPaths.thought(thought.id),
        headers: { "if-match": '"1"' },
      });
      expect(staleDelete.statusCode).toBe(412);
      expect(await stored(thought.id)).toEqual(before);
      const log = await suite.test.store.changes.after(0, 100);
      expect(log.filter((row) => row.thoughtId === thought.id)).toHaveLength(2);
    });

    it("writes when If-Match names the version, one of a list, or *", async () => {
      const thought = await create();
      expect((await patch(thought.id, { favorito: true }, '"1"')).statusCode).toBe(200);
      expect((await patch(thought.id, { favorito: false }, '"1", "2"')).statusCode).toBe(200);
      expect((await patch(thought.id, { favorito: true }, "*")).statusCode).toBe(200);
      const put = await suite.api.call({
        method: "PUT",
        url: apiPaths.thought(thought.id),
        payload: { conteudo: "Novo", autoria: "Alguém" },
        headers: { "if-match": '"4"' },
      });
      expect(put.json().versao).toBe(5);
      const removed = await suite.api.call({
        method: "DELETE",
        url: apiPaths.thought(thought.id),
        headers: { "if-match": '"5"' },
      });
      expect(removed.statusCode).toBe(204);
    });

    it("refuses a malformed If-Match with a 400 and writes nothing", async () => {
      const thought = await create();
      for (const header of ["1", 'W/"1"', '"um"', '"1",', "", '"1" "2"']) {
        const response = await patch(thought.id, { favorito: true }, header);
        expect(response.statusCode, header).toBe(400);
        expect(response.json().error.code).toBe("bad_request");
      }
      expect((await stored(thought.id))?.versao).toBe(1);
    });

    it("lets exactly one of many writes with the same If-Match through: the check and the write are one", async () => {
      const thought = await create();
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, at) =>
          at % 2 === 0
            ? patch(thought.id, { favorito: at % 4 === 0 }, '"1"')
            : suite.api.call({
                method: "PUT",
                url: apiPaths.thought(thought.id),
                payload: { conteudo: `Texto ${at}`, autoria: "Alguém" },
                headers: { "if-match": '"1"' },
              }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([200, 412, 412, 412, 412, 412, 412, 412]);
      expect((await stored(thought.id))?.versao).toBe(2);
    });

    it("keeps versao out of the exports, and an import starts every thought at 1", async () => {
      await create();
      const exported = await suite.api.call({ method: "GET", url: `${apiPaths.export}?format=json` });
      expect(exported.statusCode).toBe(200);
      expect(exported.body).not.toContain("versao");
      const csv = await suite.api.call({ method: "GET", url: `${apiPaths.export}?format=csv` });
      expect(csv.body.split("\n")[0]).not.toContain("versao");
      const imported = await suite.api.call({
        method: "POST",
        url: apiPaths.import,
        headers: { "content-type": "application/json" },
        payload: JSON.stringify([{ conteudo: "Importado", autoria: "Alguém", versao: 9 }]),
      });
      expect(imported.statusCode).toBe(200);
      const all = await suite.test.store.thoughts.all();
      expect(all.find((thought) => thought.conteudo === "Importado")?.versao).toBe(1);
    });
  });
}
