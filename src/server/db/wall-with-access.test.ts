import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openTestStore, type TestStore, testDialects } from "../../../test-support/server/test-stores";
import type { ThoughtInput } from "../../domain/thought";
import type { ThoughtListQuery } from "../../domain/thought-list";

const input = (overrides: Partial<ThoughtInput> = {}): ThoughtInput => ({
  conteudo: "Um pensamento",
  autoria: "Alguém",
  modelo: "modelo2",
  favorito: false,
  ...overrides,
});

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`the wall's list with the request's access, on ${name}`, () => {
    let test: TestStore;

    beforeAll(async () => {
      test = await openTestStore(name);
    });
    afterAll(async () => {
      await test?.cleanup();
    });
    beforeEach(async () => {
      await test.store.db.deleteFrom("thoughts").execute();
      await test.store.auth.removePassword();
    });

    it("brings the access and the totals even when the page is empty", async () => {
      const read = await test.store.readWall("", { page: 1, limit: 6 });
      expect(read.access).toEqual({ passwordSet: false, wall: await test.store.thoughts.state() });
      expect(await read.page()).toEqual({ items: [], total: 0 });
    });

    it("reads the same pages as the repository, near the top and deep, with and without a search", async () => {
      await test.store.thoughts.insertMany(
        Array.from({ length: 320 }, (_, i) => input({ conteudo: `Flor ${i}`, favorito: i % 4 === 0 })),
      );
      const queries: ThoughtListQuery[] = [
        { page: 1, limit: 6 },
        { page: 3, limit: 3 },
        { page: 1, limit: 6, favorite: true },
        { page: 2, limit: 5, favorite: false },
        { page: 2, limit: 6, favorite: true },
        { page: 12, limit: 6, favorite: true },
        { page: 14, limit: 6, favorite: true },
        { page: 20, limit: 6, favorite: true },
        { page: 50, limit: 6, favorite: false },
        { page: 40, limit: 6 },
        { page: 51, limit: 6 },
        { page: 52, limit: 6 },
        { page: 54, limit: 6 },
        { page: 1, limit: 6, search: "flor 31" },
      ];
      // Cursors near the top, in the middle, at the last page and past the end, with and without favorites.
      const ids = (await test.store.thoughts.all()).map((thought) => thought.id).sort((a, b) => b - a);
      for (const at of [0, 150, 313, 319]) {
        const after = ids[at] ?? 0;
        queries.push({ page: 1, limit: 6, after }, { page: 1, limit: 4, after, favorite: true });
      }
      queries.push({ page: 1, limit: 6, after: 2_147_483_647_000 });
      for (const query of queries) {
        const read = await test.store.readWall("", query);
        expect(await read.page()).toEqual(await test.store.thoughts.list(query));
      }
    });

    it("tells a live session from an unknown token once a password is set", async () => {
      await test.store.auth.setPassword("hash-1");
      const expiresAt = Date.now() + 60_000;
      await test.store.auth.createSession({
        tokenHash: "live",
        passwordHash: "hash-1",
        now: Date.now(),
        expiresAt,
      });
      await test.store.thoughts.create(input());
      expect((await test.store.readWall("live", { page: 1, limit: 6 })).access).toMatchObject({
        passwordSet: true,
        sessionExpiresAt: expiresAt,
      });
      const stranger = await test.store.readWall("unknown", { page: 1, limit: 6 });
      expect(stranger.access.passwordSet).toBe(true);
      expect(stranger.access.sessionExpiresAt).toBeUndefined();
      const searching = await test.store.readWall("unknown", { page: 1, limit: 6, search: "pensamento" });
      expect(searching.access.sessionExpiresAt).toBeUndefined();
    });
  });
}
