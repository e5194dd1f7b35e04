import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openTestStore, type TestStore, testDialects } from "../../../test-support/server/test-stores";
import type { ThoughtInput } from "../../domain/thought";
import { openStore, type Store } from "./database";
import { migrateToLatest } from "./migrate";
import {
  createThought,
  deleteThought,
  getThought,
  insertThoughts,
  listThoughts,
  replaceThought,
  updateThought,
} from "./thoughts.repository";

const input = (overrides: Partial<ThoughtInput> = {}): ThoughtInput => ({
  conteudo: "Um pensamento qualquer",
  autoria: "Alguém",
  modelo: "modelo1",
  favorito: false,
  ...overrides,
});

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`thoughts repository on ${name}`, () => {
    let test: TestStore;
    let store: Store;

    beforeAll(async () => {
      test = await openTestStore(name);
      store = test.store;
    });
    afterAll(async () => {
      await test?.cleanup();
    });
    beforeEach(async () => {
      await store.db.deleteFrom("thoughts").execute();
    });

    const search = (text: string, extra: { favorito?: boolean } = {}) =>
      listThoughts(store, { page: 1, limit: 100, search: text, ...extra });

    it("creates a thought and reads it back with its defaults and a new id", async () => {
      const created = await createThought(store, input({ conteudo: "Linha 1\nLinha 2" }));
      expect(created).toEqual({
        id: expect.any(Number),
        conteudo: "Linha 1\nLinha 2",
        autoria: "Alguém",
        modelo: "modelo1",
        favorito: false,
      });
      expect(await getThought(store, created.id)).toEqual(created);
    });

    it("answers undefined for a missing id on get, replace and update, false on delete", async () => {
      expect(await getThought(store, 999_999)).toBeUndefined();
      expect(await replaceThought(store, 999_999, input())).toBeUndefined();
      expect(await updateThought(store, 999_999, { favorito: true })).toBeUndefined();
      expect(await deleteThought(store, 999_999)).toBe(false);
    });

    it("lists newest first, pages by limit, and counts every match", async () => {
      const ids: number[] = [];
      for (let i = 1; i <= 8; i++) ids.push((await createThought(store, input({ conteudo: `n${i}` }))).id);
      const first = await listThoughts(store, { page: 1, limit: 3 });
      expect(first.total).toBe(8);
      expect(first.items.map((t) => t.id)).toEqual(ids.slice(-3).reverse());
      const last = await listThoughts(store, { page: 3, limit: 3 });
      expect(last.items.map((t) => t.id)).toEqual(ids.slice(0, 2).reverse());
      const beyond = await listThoughts(store, { page: 4, limit: 3 });
      expect(beyond).toEqual({ items: [], total: 8 });
    });

    it("filters favourites and keeps their count in step with toggles and deletes", async () => {
      const a = await createThought(store, input({ favorito: true }));
      const b = await createThought(store, input());
      await createThought(store, input());
      expect((await listThoughts(store, { page: 1, limit: 6, favorito: true })).total).toBe(1);
      await updateThought(store, b.id, { favorito: true });
      const favourites = await listThoughts(store, { page: 1, limit: 6, favorito: true });
      expect(favourites.items.map((t) => t.id)).toEqual([b.id, a.id]);
      expect(favourites.total).toBe(2);
      await deleteThought(store, a.id);
      expect((await listThoughts(store, { page: 1, limit: 6, favorito: true })).total).toBe(1);
      expect((await listThoughts(store, { page: 1, limit: 6, favorito: false })).total).toBe(1);
      expect((await listThoughts(store, { page: 1, limit: 6 })).total).toBe(2);
    });

    it("replaces every field and patches only the given ones", async () => {
      const created = await createThought(store, input());
      const replaced = await replaceThought(
        store,
        created.id,
        input({ conteudo: "Novo", autoria: "Outra pessoa", modelo: "modelo3", favorito: true }),
      );
      expect(replaced).toEqual({
        id: created.id,
        conteudo: "Novo",
        autoria: "Outra pessoa",
        modelo: "modelo3",
        favorito: true,
      });
      const patched = await updateThought(store, created.id, { modelo: "modelo2" });
      expect(patched).toEqual({ ...replaced, modelo: "modelo2" });
      expect(await getThought(store, created.id)).toEqual(patched);
    });

    it("deletes a thought once", async () => {
      const created = await createThought(store, input());
      expect(await deleteThought(store, created.id)).toBe(true);
      expect(await getThought(store, created.id)).toBeUndefined();
      expect(await deleteThought(store, created.id)).toBe(false);
    });

    describe("search", () => {
      it("ignores accents and case in both directions", async () => {
        const heart = await createThought(store, input({ conteudo: "O Coração tem razões" }));
        const machine = await createThought(store, input({ conteudo: "uma máquina do tempo" }));
        expect((await search("coracao")).items.map((t) => t.id)).toEqual([heart.id]);
        expect((await search("CORAÇÃO")).items.map((t) => t.id)).toEqual([heart.id]);
        expect((await search("MÁQUINA")).items.map((t) => t.id)).toEqual([machine.id]);
        expect((await search("maquina")).total).toBe(1);
      });

      it("matches a substring of conteudo or autoria, and nothing else", async () => {
        const byContent = await createThought(store, input({ conteudo: "Sonhos de papel", autoria: "Ana" }));
        const byAuthor = await createThought(store, input({ conteudo: "Nada aqui", autoria: "Papelaria" }));
        await createThought(store, input({ conteudo: "modelo1 e true", autoria: "Zé Ninguém" }));
        const found = await search("papel");
        expect(found.items.map((t) => t.id)).toEqual([byAuthor.id, byContent.id]);
        expect(found.total).toBe(2);
        expect((await search("modelo3")).total).toBe(0);
        expect((await search("ninguem")).total).toBe(1);
      });

      it("finds text across the join of conteudo and autoria only when it is in one of them", async () => {
        await createThought(store, input({ conteudo: "fim", autoria: "Começo" }));
        expect((await search("fim\ncom")).total).toBe(0);
        expect((await search("imco")).total).toBe(0);
      });

      it("treats quotes, percent signs and underscores as plain text", async () => {
        const quoted = await createThought(store, input({ conteudo: 'Ele disse "olá" a 100% _sempre_' }));
        await createThought(store, input({ conteudo: "Ele disse ola a 1000 sempre" }));
        expect((await search('"ola"')).items.map((t) => t.id)).toEqual([quoted.id]);
        expect((await search("00%")).items.map((t) => t.id)).toEqual([quoted.id]);
        expect((await search("_sempre_")).items.map((t) => t.id)).toEqual([quoted.id]);
      });

      it("keeps the index in step with replace, patch and delete", async () => {
        const created = await createThought(store, input({ conteudo: "Girassol" }));
        expect((await search("girassol")).total).toBe(1);
        await replaceThought(store, created.id, input({ conteudo: "Margarida" }));
        expect((await search("girassol")).total).toBe(0);
        expect((await search("margarida")).total).toBe(1);
        await updateThought(store, created.id, { autoria: "Jardineira" });
        expect((await search("jardineira")).total).toBe(1);
        await updateThought(store, created.id, { favorito: true });
        expect((await search("margarida")).total).toBe(1);
        await deleteThought(store, created.id);
        expect((await search("margarida")).total).toBe(0);
      });

      it("combines with the favourites filter and pages newest first", async () => {
        const ids: number[] = [];
        for (let i = 0; i < 5; i++) {
          ids.push(
            (await createThought(store, input({ conteudo: `Estrela ${i}`, favorito: i % 2 === 0 }))).id,
          );
        }
        await createThought(store, input({ conteudo: "Lua", favorito: true }));
        const favourites = await search("estrela", { favorito: true });
        expect(favourites.items.map((t) => t.id)).toEqual([ids[4], ids[2], ids[0]]);
        expect(favourites.total).toBe(3);
        const second = await listThoughts(store, { page: 2, limit: 2, search: "estrela" });
        expect(second.items.map((t) => t.id)).toEqual([ids[2], ids[1]]);
        expect(second.total).toBe(5);
      });
    });
  });
}

describe("thoughts repository on SQLite, beyond one connection", () => {
  const folder = mkdtempSync(join(tmpdir(), "memoteca-repo-"));
  const file = join(folder, "memoteca.db");
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("counts the thoughts that existed before the counts migration", async () => {
    const old = await openStore({ kind: "sqlite", file }, { migrate: false });
    await migrateToLatest(old, undefined, "2026-11-22-create-thoughts");
    await insertThoughts(old, [input({ favorito: true }), input(), input()]);
    await old.close();
    const store = await openStore({ kind: "sqlite", file });
    try {
      expect((await listThoughts(store, { page: 1, limit: 6 })).total).toBe(3);
      expect((await listThoughts(store, { page: 1, limit: 6, favorito: true })).total).toBe(1);
      await createThought(store, input({ favorito: true }));
      expect((await listThoughts(store, { page: 1, limit: 6, favorito: true })).total).toBe(2);
    } finally {
      await store.close();
    }
  });

  it("sees a search total change made by another process (say, the seed script)", async () => {
    const server = await openStore({ kind: "sqlite", file });
    const seeder = await openStore({ kind: "sqlite", file });
    try {
      const search = () => listThoughts(server, { page: 1, limit: 6, search: "girassol" });
      expect((await search()).total).toBe(0);
      await insertThoughts(seeder, [input({ conteudo: "Um girassol" })]);
      expect((await search()).total).toBe(1);
    } finally {
      await server.close();
      await seeder.close();
    }
  });
});
