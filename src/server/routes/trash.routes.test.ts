import { beforeEach, describe, expect, it } from "vitest";
import { apiSuite } from "../../../test-support/server/api-suite";
import { testDialects } from "../../../test-support/server/test-stores";
import { thoughtInput } from "../../../test-support/thought-factory";
import {
  apiPaths,
  CSRF_COOKIE,
  CSRF_HEADER,
  type Thought,
  TRASH_DAYS,
  type TrashedThought,
} from "../../domain/contract";

const DAY = 24 * 60 * 60 * 1000;
/** A fixed moment, so every excluidoEm is known. */
const START = Date.UTC(2026, 10, 23, 12, 0, 0);

const notInTrash = { error: { code: "not_found", message: "Pensamento não encontrado na lixeira." } };

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`the trash on ${name}`, () => {
    let now = START;
    const suite = apiSuite(name, { clock: () => now });
    beforeEach(async () => {
      now = START;
      await suite.test.store.db.deleteFrom("thoughts").execute();
      await suite.test.store.db.deleteFrom("trash").execute();
    });

    const call = (method: "GET" | "POST" | "DELETE", url: string) => suite.api.call({ method, url });
    const create = async (body: object): Promise<Thought> => {
      const response = await suite.api.call({ method: "POST", url: apiPaths.thoughts, payload: body });
      expect(response.statusCode).toBe(201);
      return response.json();
    };
    const remove = async (id: number) => {
      const response = await call("DELETE", apiPaths.thought(id));
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe("");
    };
    const restore = (id: number) => call("POST", apiPaths.restore(id));
    const erase = (id: number) => call("DELETE", apiPaths.trashed(id));
    const trash = async (query = "") => {
      const response = await call("GET", `${apiPaths.trash}${query}`);
      expect(response.statusCode).toBe(200);
      return { items: response.json() as TrashedThought[], total: response.headers["x-total-count"] };
    };
    const wall = async (query = "") => {
      const response = await call("GET", `${apiPaths.thoughts}?_limit=100${query}`);
      expect(response.statusCode).toBe(200);
      return {
        ids: (response.json() as Thought[]).map((t) => t.id),
        total: response.headers["x-total-count"],
      };
    };
    const rowsInTrash = async () =>
      (await suite.test.store.db.selectFrom("trash").select("id").orderBy("id").execute()).map((r) => r.id);

    it("takes a deleted thought off the wall, its counts, search, export and picks, into the trash", async () => {
      const kept = await create(thoughtInput());
      const gone = await create(thoughtInput({ conteudo: "Girassol no quintal", favorito: true }));
      expect(await wall()).toEqual({ ids: [gone.id, kept.id], total: "2" });

      now = START + 5_000;
      await remove(gone.id);

      expect(await wall()).toEqual({ ids: [kept.id], total: "1" });
      expect(await wall("&q=girassol")).toEqual({ ids: [], total: "0" });
      expect(await wall("&favorito=true")).toEqual({ ids: [], total: "0" });
      expect((await call("GET", apiPaths.thought(gone.id))).statusCode).toBe(404);
      expect((await call("DELETE", apiPaths.thought(gone.id))).statusCode).toBe(404);
      const exported = await call("GET", `${apiPaths.export}?format=json`);
      // The version belongs to this database: the export leaves it out.
      const { versao: _version, ...keptExported } = kept;
      expect(exported.json()).toEqual({ pensamentos: [keptExported] });

      expect(await trash()).toEqual({
        items: [{ ...gone, excluidoEm: new Date(START + 5_000).toISOString() }],
        total: "1",
      });
      expect(await trash()).toEqual(await trash());

      // With the last thought in the trash the wall is empty: no thought of the day, nothing to draw.
      await remove(kept.id);
      for (const url of [apiPaths.dayThought, apiPaths.randomThought]) {
        expect((await call("GET", url)).statusCode, url).toBe(204);
      }
      expect((await trash()).total).toBe("2");
    });

    it("restores a thought with its own id and fields, in its own place, back in counts and search", async () => {
      const created: Thought[] = [];
      for (let i = 0; i < 5; i++) created.push(await create(thoughtInput()));
      const middle = await create(
        thoughtInput({
          conteudo: "Coração de girassol",
          modelo: "modelo3",
          favorito: true,
          fonte: "Jardim Botânico",
          local: "canteiro 4",
          nota: "Floresce em março",
        }),
      );
      for (let i = 5; i < 7; i++) created.push(await create(thoughtInput()));
      const before = await wall();
      expect(before.total).toBe("8");

      await remove(middle.id);
      expect((await wall()).total).toBe("7");

      const response = await restore(middle.id);
      expect(response.statusCode).toBe(200);
      // Back as it was, its version moved on: a restore is a change.
      const restored = { ...middle, versao: middle.versao + 1 };
      expect(response.json()).toEqual(restored);
      expect(await wall()).toEqual(before);
      expect(await wall("&favorito=true")).toEqual({ ids: [middle.id], total: "1" });
      expect(await wall("&q=CORACAO")).toEqual({ ids: [middle.id], total: "1" });
      expect(await wall("&q=botanico")).toEqual({ ids: [middle.id], total: "1" });
      expect((await call("GET", apiPaths.thought(middle.id))).json()).toEqual(restored);
      expect(await trash()).toEqual({ items: [], total: "0" });

      // Once back, it is no longer in the trash; on the wall it can be deleted again.
      const again = await restore(middle.id);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual(notInTrash);
      await remove(middle.id);
      expect((await trash()).items.map((t) => t.id)).toEqual([middle.id]);
    });

    it("restores with no body and no content type, and with an empty body labelled JSON", async () => {
      const a = await create(thoughtInput());
      const b = await create(thoughtInput());
      await remove(a.id);
      await remove(b.id);
      const bare = await suite.api.call({ method: "POST", url: apiPaths.restore(a.id) });
      expect(bare.statusCode).toBe(200);
      expect(bare.json()).toEqual({ ...a, versao: a.versao + 1 });
      const labelled = await suite.api.call({
        method: "POST",
        url: apiPaths.restore(b.id),
        headers: { "content-type": "application/json" },
      });
      expect(labelled.statusCode).toBe(200);
      expect(labelled.json()).toEqual({ ...b, versao: b.versao + 1 });
    });

    it("refuses a restore or a deletion for good without the anti-forgery header", async () => {
      const thought = await create(thoughtInput());
      await remove(thought.id);
      const csrf = CSRF_HEADER.toLowerCase();
      for (const url of [apiPaths.restore(thought.id), apiPaths.trashed(thought.id)]) {
        const method = url.endsWith("restaurar") ? "POST" : "DELETE";
        const bare = await suite.api.app.inject({ method, url });
        expect(bare.statusCode, url).toBe(403);
        expect(bare.json().error.code).toBe("forbidden");
        const wrong = await suite.api.app.inject({
          method,
          url,
          cookies: { [CSRF_COOKIE]: suite.api.token },
          headers: { [csrf]: `${suite.api.token}x` },
        });
        expect(wrong.statusCode, url).toBe(403);
      }
      expect((await trash()).items.map((t) => t.id)).toEqual([thought.id]);
    });

    it("deletes a thought for good: gone from the trash, then 404", async () => {
      const a = await create(thoughtInput());
      const b = await create(thoughtInput());
      await remove(a.id);
      await remove(b.id);
      const erased = await erase(a.id);
      expect(erased.statusCode).toBe(204);
      expect(erased.body).toBe("");
      expect(await trash()).toMatchObject({ items: [{ id: b.id }], total: "1" });
      const again = await erase(a.id);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual(notInTrash);
      expect((await restore(a.id)).statusCode).toBe(404);
      expect(await wall()).toEqual({ ids: [], total: "0" });
    });

    it("answers 404 for an id that was never in the trash, or names no thought", async () => {
      const onTheWall = await create(thoughtInput());
      for (const id of [String(onTheWall.id), "999999"]) {
        for (const method of ["POST", "DELETE"] as const) {
          const url = method === "POST" ? `${apiPaths.trash}/${id}/restaurar` : `${apiPaths.trash}/${id}`;
          const response = await call(method, url);
          expect(response.statusCode, `${method} ${url}`).toBe(404);
          expect(response.json()).toEqual(notInTrash);
        }
      }
      for (const id of ["abc", "0", "-1", "2147483648"]) {
        for (const url of [`${apiPaths.trash}/${id}/restaurar`, `${apiPaths.trash}/${id}`]) {
          const response = await call(url.endsWith("restaurar") ? "POST" : "DELETE", url);
          expect(response.statusCode, url).toBe(404);
          expect(response.json().error.code).toBe("not_found");
        }
      }
      expect(await wall()).toEqual({ ids: [onTheWall.id], total: "1" });
    });

    it("lists the most recent deletion first, a page at a time, with X-Total-Count and Link", async () => {
      const thoughts: Thought[] = [];
      for (let i = 0; i < 5; i++) thoughts.push(await create(thoughtInput()));
      const [t0, t1, t2, t3, t4] = thoughts.map((t) => t.id);
      // Deleted in an order unlike the ids; t1 and t3 at the same moment, the larger id first then.
      const deletions: [number | undefined, number][] = [
        [t2, 1],
        [t0, 2],
        [t3, 3],
        [t1, 3],
        [t4, 4],
      ];
      for (const [id, minute] of deletions) {
        now = START + minute * 60_000;
        await remove(id ?? 0);
      }
      const all = await trash();
      expect(all.items.map((t) => t.id)).toEqual([t4, t3, t1, t0, t2]);
      expect(all.items.map((t) => t.excluidoEm)).toEqual(
        [4, 3, 3, 2, 1].map((minute) => new Date(START + minute * 60_000).toISOString()),
      );
      expect(all.total).toBe("5");

      const response = await call("GET", `${apiPaths.trash}?_page=2&_limit=2`);
      expect(response.json().map((t: TrashedThought) => t.id)).toEqual([t1, t0]);
      expect(response.headers["x-total-count"]).toBe("5");
      const link = String(response.headers.link);
      expect(link).toContain(`<${apiPaths.trash}?_page=1&_limit=2>; rel="first"`);
      expect(link).toContain(`<${apiPaths.trash}?_page=3&_limit=2>; rel="next"`);
      expect(link).toContain(`<${apiPaths.trash}?_page=3&_limit=2>; rel="last"`);
      expect(await trash("?_page=4&_limit=2")).toEqual({ items: [], total: "5" });
      // Six by default, like the wall.
      now = START + 5 * 60_000;
      for (let i = 0; i < 3; i++) await remove((await create(thoughtInput())).id);
      expect((await trash()).items).toHaveLength(6);
    });

    it("writes only _page and _limit in its Link header, whatever else the query holds", async () => {
      for (let i = 0; i < 3; i++) await remove((await create(thoughtInput())).id);
      const unknown = "x".repeat(10_000);
      const response = await call("GET", `${apiPaths.trash}?_limit=2&outro=${unknown}&q=busca&_page=1`);
      expect(response.statusCode).toBe(200);
      expect(String(response.headers.link).split(", ")).toEqual([
        `<${apiPaths.trash}?_page=1&_limit=2>; rel="first"`,
        `<${apiPaths.trash}?_page=2&_limit=2>; rel="next"`,
        `<${apiPaths.trash}?_page=2&_limit=2>; rel="last"`,
      ]);
    });

    it.each([
      ["_page=0", "_page"],
      ["_page=abc", "_page"],
      ["_page=1.5", "_page"],
      ["_limit=0", "_limit"],
      ["_limit=101", "_limit"],
      ["_page=1&_page=2", "_page"],
    ])("refuses %s with the wall's 400", async (query, field) => {
      const response = await call("GET", `${apiPaths.trash}?${query}`);
      const wallResponse = await call("GET", `${apiPaths.thoughts}?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(wallResponse.json());
      expect(response.json().error.fields).toHaveProperty(field);
    });

    it(`empties itself after ${TRASH_DAYS} days, on every call, and when a thought is moved in`, async () => {
      const [old, recent, later] = [
        await create(thoughtInput()),
        await create(thoughtInput()),
        await create(thoughtInput()),
      ];
      await remove(old.id);
      now = START + 2 * DAY;
      await remove(recent.id);

      now = START + 29 * DAY;
      expect((await trash()).items.map((t) => t.id)).toEqual([recent.id, old.id]);
      now = START + TRASH_DAYS * DAY;
      expect((await trash()).total).toBe("2");

      // 31 days after the first deletion: moving another thought in purges it, before any listing.
      now = START + 31 * DAY;
      await remove(later.id);
      expect(await rowsInTrash()).toEqual([recent.id, later.id]);
      expect((await restore(old.id)).statusCode).toBe(404);
      expect(await trash()).toMatchObject({ items: [{ id: later.id }, { id: recent.id }], total: "2" });

      // A restore or a deletion for good purges first: past its time a thought cannot come back.
      now = START + 33 * DAY;
      expect((await restore(recent.id)).statusCode).toBe(404);
      expect(await rowsInTrash()).toEqual([later.id]);
      now = START + 62 * DAY;
      expect((await erase(later.id)).statusCode).toBe(404);
      expect(await rowsInTrash()).toEqual([]);
      expect(await wall()).toEqual({ ids: [], total: "0" });
    });

    it("answers 409 and changes nothing when the id to restore is taken on the wall", async () => {
      const thought = await create(thoughtInput());
      // Ids are never reused, so only a hand on the database can get here.
      await suite.test.store.db
        .insertInto("trash")
        .values({
          id: thought.id,
          conteudo: "Outra versão",
          autoria: "Autor",
          modelo: "modelo2",
          favorito: name === "sqlite" ? 0 : false,
          etiquetas: "[]",
          fonte: "",
          local: "",
          nota: "",
          criadoEm: START,
          atualizadoEm: START,
          deleted_at: START,
        })
        .execute();
      const response = await restore(thought.id);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: {
          code: "conflict",
          message: "Já há no mural um pensamento com este id; este continua na lixeira.",
        },
      });
      expect((await call("GET", apiPaths.thought(thought.id))).json()).toEqual(thought);
      expect(await trash()).toMatchObject({
        items: [{ id: thought.id, conteudo: "Outra versão" }],
        total: "1",
      });
    });

    it("moves, restores or deletes a thought once when the calls race", async () => {
      for (let round = 0; round < 3; round++) {
        const thought = await create(thoughtInput());
        const moves = await Promise.all([1, 2, 3].map(() => call("DELETE", apiPaths.thought(thought.id))));
        expect(moves.map((r) => r.statusCode).sort()).toEqual([204, 404, 404]);
        const answers = await Promise.all([
          restore(thought.id),
          restore(thought.id),
          erase(thought.id),
          restore(thought.id),
        ]);
        const done = answers.filter((r) => r.statusCode === 200 || r.statusCode === 204);
        expect(done, `round ${round}`).toHaveLength(1);
        expect(answers.filter((r) => r.statusCode === 404)).toHaveLength(3);
        const onTheWall = (await wall()).ids.filter((id) => id === thought.id);
        expect(onTheWall).toEqual(done[0]?.statusCode === 200 ? [thought.id] : []);
        expect(await rowsInTrash()).toEqual([]);
        await suite.test.store.db.deleteFrom("thoughts").execute();
      }
    });
  });
}
