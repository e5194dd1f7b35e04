import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { openTestStore, type TestStore, testDialects } from "../../../../test-support/server/test-stores";
import type { ThoughtImport } from "../../../domain/thought";
import type { TestingStore } from "../testing";

const input = (overrides: Partial<ThoughtImport> = {}): ThoughtImport => ({
  conteudo: "Um pensamento qualquer",
  autoria: "Alguém",
  modelo: "modelo1",
  favorito: false,
  etiquetas: [],
  fonte: "",
  local: "",
  nota: "",
  ...overrides,
});

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`thoughts repository on ${name}`, () => {
    let test: TestStore;
    let store: TestingStore;
    let thoughts: TestingStore["thoughts"];

    beforeAll(async () => {
      test = await openTestStore(name);
      store = test.store;
      thoughts = store.thoughts;
    });
    afterAll(async () => {
      await test?.cleanup();
    });
    beforeEach(async () => {
      await store.db.deleteFrom("thoughts").execute();
    });

    const search = (text: string, extra: { favorite?: boolean } = {}) =>
      thoughts.list({ page: 1, limit: 100, search: text, ...extra });

    it("creates a thought and reads it back with its defaults and a new id", async () => {
      const before = Date.now();
      const created = await thoughts.create(input({ conteudo: "Linha 1\nLinha 2" }));
      expect(created).toEqual({
        id: expect.any(Number),
        conteudo: "Linha 1\nLinha 2",
        autoria: "Alguém",
        modelo: "modelo1",
        favorito: false,
        etiquetas: [],
        fonte: "",
        local: "",
        nota: "",
        criadoEm: expect.any(String),
        atualizadoEm: created.criadoEm,
        versao: 1,
      });
      expect(Date.parse(created.criadoEm)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(created.criadoEm)).toBeLessThanOrEqual(Date.now());
      expect(await thoughts.get(created.id)).toEqual(created);
    });

    it("keeps the source, the place and the note, and dates every change but never the creation again", async () => {
      const given = { fonte: "Mensagem", local: "p. 42", nota: "Lido em voz alta.\nDuas vezes." };
      const created = await thoughts.create(input(given));
      expect(created).toMatchObject(given);
      const stamps = [created.atualizadoEm];
      const changes = [
        { favorito: true },
        { modelo: "modelo2" as const },
        { etiquetas: ["Poesia"] },
        { local: "p. 43" },
        { nota: "" },
        { fonte: "Outra fonte" },
        { conteudo: "Texto novo" },
      ];
      for (const change of changes) {
        // Two changes in one millisecond would share a stamp: each waits for the clock to move.
        await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(Date.parse(stamps.at(-1) ?? "")));
        const changed = await thoughts.update(created.id, change);
        expect(changed).toMatchObject({ ...change, criadoEm: created.criadoEm });
        stamps.push(changed?.atualizadoEm ?? "");
      }
      const times = stamps.map(Date.parse);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(new Set(times).size).toBe(times.length);
      expect(await thoughts.get(created.id)).toMatchObject({
        fonte: "Outra fonte",
        local: "p. 43",
        nota: "",
        criadoEm: created.criadoEm,
        atualizadoEm: stamps.at(-1),
      });
    });

    it("takes the dates an import gives, and dates the rest at the import", async () => {
      const before = Date.now();
      await thoughts.insertMany([
        input({ conteudo: "Datado", criadoEm: "2019-03-03T14:05:00.000Z" }),
        input({
          conteudo: "Datado e mudado",
          criadoEm: "2019-03-03T14:05:00.000Z",
          atualizadoEm: "2020-01-01T00:00:00.000Z",
        }),
        input({ conteudo: "Sem data" }),
      ]);
      const [dated, changed, undated] = await thoughts.all();
      expect(dated).toMatchObject({
        criadoEm: "2019-03-03T14:05:00.000Z",
        atualizadoEm: "2019-03-03T14:05:00.000Z",
      });
      expect(changed).toMatchObject({
        criadoEm: "2019-03-03T14:05:00.000Z",
        atualizadoEm: "2020-01-01T00:00:00.000Z",
      });
      expect(Date.parse(undated?.criadoEm ?? "")).toBeGreaterThanOrEqual(before);
      expect(undated?.atualizadoEm).toBe(undated?.criadoEm);
    });

    it("answers undefined for a missing id on get, replace and update, false on delete", async () => {
      expect(await thoughts.get(999_999)).toBeUndefined();
      expect(await thoughts.replace(999_999, input())).toBeUndefined();
      expect(await thoughts.update(999_999, { favorito: true })).toBeUndefined();
      expect(await thoughts.remove(999_999)).toBe(false);
    });

    it("lists newest first, pages by limit, and counts every match", async () => {
      const ids: number[] = [];
      for (let i = 1; i <= 8; i++) ids.push((await thoughts.create(input({ conteudo: `n${i}` }))).id);
      const first = await thoughts.list({ page: 1, limit: 3 });
      expect(first.total).toBe(8);
      expect(first.items.map((t) => t.id)).toEqual(ids.slice(-3).reverse());
      const last = await thoughts.list({ page: 3, limit: 3 });
      expect(last.items.map((t) => t.id)).toEqual(ids.slice(0, 2).reverse());
      const beyond = await thoughts.list({ page: 4, limit: 3 });
      expect(beyond).toEqual({ items: [], total: 8 });
    });

    it("reads a page of the favorites at an offset, and an empty page with the total past the end", async () => {
      const ids: number[] = [];
      for (let i = 0; i < 9; i++) ids.push((await thoughts.create(input({ favorito: i % 3 !== 0 }))).id);
      const favorites = ids.filter((_, i) => i % 3 !== 0).reverse();
      const second = await thoughts.list({ page: 2, limit: 4, favorite: true });
      expect(second).toEqual({ items: expect.any(Array), total: 6 });
      expect(second.items.map((t) => t.id)).toEqual(favorites.slice(4));
      expect(await thoughts.list({ page: 3, limit: 4, favorite: true })).toEqual({ items: [], total: 6 });
      expect(await thoughts.list({ page: 2, limit: 3, favorite: false })).toEqual({ items: [], total: 3 });
    });

    it("filters favorites and keeps their count in step with toggles and deletes", async () => {
      const a = await thoughts.create(input({ favorito: true }));
      const b = await thoughts.create(input());
      await thoughts.create(input());
      expect((await thoughts.list({ page: 1, limit: 6, favorite: true })).total).toBe(1);
      await thoughts.update(b.id, { favorito: true });
      const favorites = await thoughts.list({ page: 1, limit: 6, favorite: true });
      expect(favorites.items.map((t) => t.id)).toEqual([b.id, a.id]);
      expect(favorites.total).toBe(2);
      await thoughts.remove(a.id);
      expect((await thoughts.list({ page: 1, limit: 6, favorite: true })).total).toBe(1);
      expect((await thoughts.list({ page: 1, limit: 6, favorite: false })).total).toBe(1);
      expect((await thoughts.list({ page: 1, limit: 6 })).total).toBe(2);
    });

    it("replaces every field and patches only the given ones", async () => {
      const created = await thoughts.create(input());
      const replaced = await thoughts.replace(
        created.id,
        input({ conteudo: "Novo", autoria: "Outra pessoa", modelo: "modelo3", favorito: true }),
      );
      expect(replaced).toEqual({
        id: created.id,
        conteudo: "Novo",
        autoria: "Outra pessoa",
        modelo: "modelo3",
        favorito: true,
        etiquetas: [],
        fonte: "",
        local: "",
        nota: "",
        criadoEm: created.criadoEm,
        atualizadoEm: expect.any(String),
        versao: 2,
      });
      const patched = await thoughts.update(created.id, { modelo: "modelo2" });
      expect(patched).toEqual({
        ...replaced,
        modelo: "modelo2",
        atualizadoEm: expect.any(String),
        versao: 3,
      });
      expect(await thoughts.get(created.id)).toEqual(patched);
    });

    it("moves a thought to the trash once, with every field", async () => {
      const created = await thoughts.create(input({ fonte: "Livro", local: "cap. 2", nota: "Nota" }));
      expect(await thoughts.remove(created.id, 1_000)).toBe(true);
      expect(await thoughts.get(created.id)).toBeUndefined();
      expect(await thoughts.remove(created.id, 2_000)).toBe(false);
      const trashed = await store.trash.list({ page: 1, limit: 100 }, 2_000);
      expect(trashed.items).toContainEqual({ ...created, excluidoEm: new Date(1_000).toISOString() });
    });

    describe("search", () => {
      it("ignores accents and case in both directions", async () => {
        const heart = await thoughts.create(input({ conteudo: "O Coração tem razões" }));
        const machine = await thoughts.create(input({ conteudo: "uma máquina do tempo" }));
        expect((await search("coracao")).items.map((t) => t.id)).toEqual([heart.id]);
        expect((await search("CORAÇÃO")).items.map((t) => t.id)).toEqual([heart.id]);
        expect((await search("MÁQUINA")).items.map((t) => t.id)).toEqual([machine.id]);
        expect((await search("maquina")).total).toBe(1);
      });

      it("matches a substring of conteudo or autoria, and nothing else", async () => {
        const byContent = await thoughts.create(input({ conteudo: "Sonhos de papel", autoria: "Ana" }));
        const byAuthor = await thoughts.create(input({ conteudo: "Nada aqui", autoria: "Papelaria" }));
        await thoughts.create(input({ conteudo: "modelo1 e true", autoria: "Zé Ninguém" }));
        const found = await search("papel");
        expect(found.items.map((t) => t.id)).toEqual([byAuthor.id, byContent.id]);
        expect(found.total).toBe(2);
        expect((await search("modelo3")).total).toBe(0);
        expect((await search("ninguem")).total).toBe(1);
      });

      it("finds the source and the note, not the place, and follows their changes", async () => {
        const sourced = await thoughts.create(
          input({
            conteudo: "Texto",
            fonte: "Grande Sertão: Veredas",
            local: "p. 42",
            etiquetas: ["Sertanejo"],
          }),
        );
        const noted = await thoughts.create(input({ conteudo: "Outro", nota: "Li no ônibus" }));
        expect((await search("sertao")).items.map((t) => t.id)).toEqual([sourced.id]);
        expect((await search("ONIBUS")).items.map((t) => t.id)).toEqual([noted.id]);
        expect((await search("p. 42")).total).toBe(0);
        // A label is found by its name (search by words), though never through the search column.
        expect((await search("sertanejo")).items.map((t) => t.id)).toEqual([sourced.id]);
        await thoughts.update(sourced.id, { fonte: "Sagarana" });
        await thoughts.update(noted.id, { nota: "" });
        expect((await search("sertao")).total).toBe(0);
        expect((await search("onibus")).total).toBe(0);
        expect((await search("sagarana")).items.map((t) => t.id)).toEqual([sourced.id]);
      });

      it("matches each word in conteudo or autoria, but never one word across their join", async () => {
        await thoughts.create(input({ conteudo: "fim", autoria: "Começo" }));
        expect((await search("fim\ncom")).total).toBe(1);
        expect((await search("imco")).total).toBe(0);
        expect((await search("fim\nco")).total).toBe(1);
      });

      it("treats quotes, percent signs and underscores as plain text", async () => {
        const quoted = await thoughts.create(input({ conteudo: 'Ele disse "olá" a 100% _sempre_' }));
        await thoughts.create(input({ conteudo: "Ele disse ola a 1000 sempre" }));
        expect((await search('"ola"')).items.map((t) => t.id)).toEqual([quoted.id]);
        expect((await search("00%")).items.map((t) => t.id)).toEqual([quoted.id]);
        expect((await search("_sempre_")).items.map((t) => t.id)).toEqual([quoted.id]);
      });

      it("keeps the index in step with replace, patch and delete", async () => {
        const created = await thoughts.create(input({ conteudo: "Girassol" }));
        expect((await search("girassol")).total).toBe(1);
        await thoughts.replace(created.id, input({ conteudo: "Margarida" }));
        expect((await search("girassol")).total).toBe(0);
        expect((await search("margarida")).total).toBe(1);
        await thoughts.update(created.id, { autoria: "Jardineira" });
        expect((await search("jardineira")).total).toBe(1);
        await thoughts.update(created.id, { favorito: true });
        expect((await search("margarida")).total).toBe(1);
        await thoughts.remove(created.id);
        expect((await search("margarida")).total).toBe(0);
      });

      it("combines with the favorites filter and pages newest first", async () => {
        const ids: number[] = [];
        for (let i = 0; i < 5; i++) {
          ids.push((await thoughts.create(input({ conteudo: `Estrela ${i}`, favorito: i % 2 === 0 }))).id);
        }
        await thoughts.create(input({ conteudo: "Lua", favorito: true }));
        const favorites = await search("estrela", { favorite: true });
        expect(favorites.items.map((t) => t.id)).toEqual([ids[4], ids[2], ids[0]]);
        expect(favorites.total).toBe(3);
        const second = await thoughts.list({ page: 2, limit: 2, search: "estrela" });
        expect(second.items.map((t) => t.id)).toEqual([ids[2], ids[1]]);
        expect(second.total).toBe(5);
      });

      it("remembers a search total for one version of the wall, and counts again once it moves", async () => {
        const seen = await thoughts.state();
        expect((await thoughts.list({ page: 1, limit: 6, search: "girassol" }, seen)).total).toBe(0);
        // Straight into the table, past the repository: the database moves the version all the same.
        await sql`INSERT INTO thoughts (conteudo, autoria, busca) VALUES ('Girassol', 'Ana', 'girassol ana')`.execute(
          store.db,
        );
        // A request that read the wall before that write still gets the total of what it read...
        expect((await thoughts.list({ page: 1, limit: 6, search: "girassol" }, seen)).total).toBe(0);
        // ...and one that reads it now, the new total.
        expect((await search("girassol")).total).toBe(1);
        await thoughts.create(input({ conteudo: "Outro girassol" }));
        expect((await search("girassol")).total).toBe(2);
      });
    });

    describe("the wall's state", () => {
      it("counts thoughts and favorites through every kind of write, moving the version each time", async () => {
        const versions = [(await thoughts.state()).version];
        const step = async (expected: { total: number; favorites: number }) => {
          const state = await thoughts.state();
          expect(state).toMatchObject(expected);
          expect(state.version).toBeGreaterThan(versions.at(-1) ?? 0);
          versions.push(state.version);
        };
        const a = await thoughts.create(input({ favorito: true }));
        await step({ total: 1, favorites: 1 });
        await thoughts.insertMany([input(), input({ favorito: true }), input()]);
        await step({ total: 4, favorites: 2 });
        await thoughts.update(a.id, { favorito: false });
        await step({ total: 4, favorites: 1 });
        await thoughts.update(a.id, { conteudo: "Só o texto muda" });
        await step({ total: 4, favorites: 1 });
        await thoughts.replace(a.id, input({ favorito: true }));
        await step({ total: 4, favorites: 2 });
        await thoughts.remove(a.id);
        await step({ total: 3, favorites: 1 });
        await store.db.deleteFrom("thoughts").execute();
        await step({ total: 0, favorites: 0 });
      });

      it("keeps the version when a write changes nothing", async () => {
        const before = await thoughts.state();
        expect(await thoughts.remove(999_999)).toBe(false);
        expect(await thoughts.update(999_999, { favorito: true })).toBeUndefined();
        expect(await thoughts.state()).toEqual(before);
      });

      it("answers the wall's totals from the state the request read", async () => {
        await thoughts.insertMany([input({ favorito: true }), input(), input()]);
        const state = await thoughts.state();
        expect((await thoughts.list({ page: 1, limit: 6 }, state)).total).toBe(3);
        expect((await thoughts.list({ page: 1, limit: 6, favorite: true }, state)).total).toBe(1);
        expect((await thoughts.list({ page: 1, limit: 6, favorite: false }, state)).total).toBe(2);
      });
    });

    it("keeps every field of concurrent updates to one thought, and never deadlocks opposite toggles", async () => {
      for (let round = 0; round < 5; round++) {
        const { id } = await thoughts.create(input());
        await Promise.all([
          thoughts.update(id, { conteudo: `Texto novo ${round}` }),
          thoughts.update(id, { favorito: true }),
          thoughts.update(id, { modelo: "modelo3" }),
          thoughts.update(id, { autoria: "Outra pessoa" }),
          thoughts.update(id, { etiquetas: [`Rodada ${round}`] }),
        ]);
        expect(await thoughts.get(id)).toEqual({
          id,
          conteudo: `Texto novo ${round}`,
          autoria: "Outra pessoa",
          modelo: "modelo3",
          favorito: true,
          etiquetas: [`Rodada ${round}`],
          fonte: "",
          local: "",
          nota: "",
          criadoEm: expect.any(String),
          atualizadoEm: expect.any(String),
          // Five changes, each moving the version once: none was lost.
          versao: 6,
        });
      }
      await store.db.deleteFrom("thoughts").execute();
      await thoughts.insertMany(Array.from({ length: 40 }, (_, i) => input({ favorito: i % 2 === 0 })));
      const all = await thoughts.all();
      await Promise.all(all.map((t) => thoughts.update(t.id, { favorito: !t.favorito })));
      expect(await thoughts.state()).toMatchObject({ total: 40, favorites: 20 });
      expect((await thoughts.all()).map((t) => t.favorito)).toEqual(all.map((t) => !t.favorito));
    });

    it("reads every page alike, near the top, deep and at the end", async () => {
      const inputs = Array.from({ length: 700 }, (_, i) =>
        input({ conteudo: `p${i}`, favorito: i % 3 === 0 }),
      );
      await thoughts.insertMany(inputs);
      const all = (await thoughts.all()).reverse();
      const favorites = all.filter((t) => t.favorito);
      const pages: (readonly [number, number])[] = [
        ...Array.from({ length: 8 }, (_, i) => [i + 1, 100] as const),
        ...[1, 51, 56, 61, 80, 109, 117, 118, 500].map((page) => [page, 6] as const),
      ];
      for (const [page, limit] of pages) {
        const offset = (page - 1) * limit;
        const wall = await thoughts.list({ page, limit });
        expect(wall.items).toEqual(all.slice(offset, offset + limit));
        const onlyFavorites = await thoughts.list({ page, limit, favorite: true });
        expect(onlyFavorites.items).toEqual(favorites.slice(offset, offset + limit));
        const others = await thoughts.list({ page, limit, favorite: false });
        expect(others.items).toEqual(all.filter((t) => !t.favorito).slice(offset, offset + limit));
      }
    });
  });
}

describe("thoughts repository on SQLite, beyond one connection", () => {
  it("sees a search total change made by another process (say, the seed script)", async () => {
    const test = await openTestStore("sqlite");
    const seeder = await test.reopen();
    try {
      const search = () => test.store.thoughts.list({ page: 1, limit: 6, search: "girassol" });
      expect((await search()).total).toBe(0);
      await seeder.thoughts.insertMany([input({ conteudo: "Um girassol" })]);
      expect((await search()).total).toBe(1);
    } finally {
      await seeder.close();
      await test.cleanup();
    }
  });
});
