import { beforeAll, describe, expect, it } from "vitest";
import { apiSuite } from "../../../test-support/server/api-suite";
import { testDialects } from "../../../test-support/server/test-stores";
import { apiPaths, type Thought } from "../../domain/contract";
import { messages } from "../../domain/messages";
import { WALL_LABELS_MAX } from "../../domain/rules";

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`a wall holds at most ${WALL_LABELS_MAX} labels, on ${name}`, () => {
    const suite = apiSuite(name);
    let first: Thought | undefined;
    beforeAll(async () => {
      // The wall full to the cap: ten labels on each of a thousand thoughts.
      await suite.test.store.thoughts.insertMany(
        Array.from({ length: WALL_LABELS_MAX / 10 }, (_, t) => ({
          conteudo: `Pensamento ${t}`,
          autoria: "Alguém",
          modelo: "modelo1" as const,
          favorito: false,
          etiquetas: Array.from({ length: 10 }, (_, l) => `e${t * 10 + l}`),
          fonte: "",
          local: "",
          nota: "",
        })),
      );
      [first] = await suite.test.store.thoughts.all();
    });

    const call = (method: "GET" | "POST" | "PUT" | "PATCH", url: string, payload?: unknown) =>
      suite.api.call({ method, url, ...(payload ? { payload: payload as object } : {}) });
    const total = async () => Number((await call("GET", apiPaths.labels)).headers["x-total-count"]);
    const thoughts = async () => (await suite.test.store.thoughts.all()).length;
    const refusedAsFull = (response: { statusCode: number; json(): unknown }) => {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: { code: "conflict", message: messages.wallLabelsFull } });
    };
    const importFile = (pensamentos: object[], query = "") =>
      call("POST", `${apiPaths.import}${query}`, { pensamentos });

    it("refuses a new label in a create, a replace and a change, and changes nothing", async () => {
      const created = await call("POST", apiPaths.thoughts, {
        conteudo: "Já na parede",
        autoria: "Alguém",
        etiquetas: ["e1"],
      });
      expect(created.statusCode).toBe(201);
      const { id } = created.json() as Thought;
      const body = { conteudo: "Novo", autoria: "Alguém", etiquetas: ["e1", "Nova"] };
      refusedAsFull(await call("POST", apiPaths.thoughts, body));
      refusedAsFull(await call("PUT", apiPaths.thought(id), body));
      refusedAsFull(await call("PATCH", apiPaths.thought(id), { etiquetas: ["Nova"] }));
      expect(await total()).toBe(WALL_LABELS_MAX);
      expect(await thoughts()).toBe(WALL_LABELS_MAX / 10 + 1);
      const kept = await call("GET", apiPaths.thought(id));
      expect(kept.json()).toMatchObject({ conteudo: "Já na parede", etiquetas: ["e1"] });
    });

    it("takes labels already on the wall, in any case, and a new one once another has gone", async () => {
      const created = await call("POST", apiPaths.thoughts, {
        conteudo: "Com as de sempre",
        autoria: "Alguém",
        etiquetas: ["E1", "e9999"],
      });
      expect(created.statusCode).toBe(201);
      if (!first) throw new Error("no thought seeded");
      // The first thought lets go of its ten labels (e0 to e9, e1 kept by the one above): nine leave.
      const changed = await call("PATCH", apiPaths.thought(first.id), { etiquetas: ["Nova"] });
      expect(changed.statusCode).toBe(200);
      expect(await total()).toBe(WALL_LABELS_MAX - 8);
      const back = await call("PATCH", apiPaths.thought(first.id), { etiquetas: first.etiquetas });
      expect(back.statusCode).toBe(200);
      expect(await total()).toBe(WALL_LABELS_MAX);
    });

    it("refuses an import, or its dry run, that would pass the cap, naming it, and writes nothing", async () => {
      const before = await thoughts();
      const file = [
        { conteudo: "Importado", autoria: "Alguém", etiquetas: ["e5"] },
        { conteudo: "Outro importado", autoria: "Alguém", etiquetas: ["Importada"] },
      ];
      for (const query of ["", "?dryRun=true"]) {
        const refused = await importFile(file, query);
        refusedAsFull(refused);
        expect(refused.json().error.message).toContain("10.000");
      }
      expect(await thoughts()).toBe(before);
      expect(await total()).toBe(WALL_LABELS_MAX);
      const known = await importFile(file.slice(0, 1));
      expect(known.statusCode).toBe(200);
      expect(known.json()).toMatchObject({ imported: 1 });
    });
  });
}
