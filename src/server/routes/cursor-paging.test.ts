import { beforeEach, describe, expect, it } from "vitest";
import { apiSuite } from "../../../test-support/server/api-suite";
import { testDialects } from "../../../test-support/server/test-stores";
import { thoughtInput } from "../../../test-support/thought-factory";
import { apiPaths, type Thought } from "../../domain/contract";

/** 20 thoughts: every third a favorite, every other one about "mar". */
const thoughts = Array.from({ length: 20 }, (_, i) =>
  thoughtInput({
    conteudo: i % 2 === 0 ? `O mar número ${i}` : `A serra número ${i}`,
    favorito: i % 3 === 0,
  }),
);

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`GET /api/pensamentos?_after= on ${name}`, () => {
    const suite = apiSuite(name);
    beforeEach(async () => {
      await suite.test.store.db.deleteFrom("thoughts").execute();
      await suite.test.store.thoughts.insertMany(thoughts);
    });

    const get = (query: string) => suite.api.call({ method: "GET", url: `${apiPaths.thoughts}?${query}` });
    const next = (link: string | undefined) => /<([^>]+)>; rel="next"/.exec(link ?? "")?.[1];

    /** Follows rel="next" from the first page to the end, as a client would. */
    async function walk(query: string): Promise<{ ids: number[]; totals: string[]; pages: number }> {
      let url: string | undefined = `${apiPaths.thoughts}?${query}`;
      const ids: number[] = [];
      const totals: string[] = [];
      let pages = 0;
      while (url) {
        const response = await suite.api.call({ method: "GET", url });
        expect(response.statusCode).toBe(200);
        ids.push(...(response.json() as Thought[]).map((t) => t.id));
        totals.push(String(response.headers["x-total-count"]));
        url = next(response.headers.link as string | undefined);
        pages++;
      }
      return { ids, totals, pages };
    }

    it("reads the wall after a cursor, newest first, and links the next cursor until the end", async () => {
      const all = (await get("_limit=100")).json() as Thought[];
      const first = await get("_limit=6");
      const cursor = (first.json() as Thought[]).at(-1)?.id;
      const second = await get(`_after=${cursor}&_limit=6`);
      expect((second.json() as Thought[]).map((t) => t.id)).toEqual(all.slice(6, 12).map((t) => t.id));
      expect(second.headers["x-total-count"]).toBe("20");

      const walked = await walk(`_after=${all[0]?.id}&_limit=6`);
      expect(walked.ids).toEqual(all.slice(1).map((t) => t.id));
      // 19 thoughts in pages of 6: 6, 6, 6, 1, and no empty page at the end.
      expect(walked.pages).toBe(4);
    });

    it("pages a search and the favorites by cursor, with their own totals", async () => {
      const search = (await get("q=mar&_limit=100")).json() as Thought[];
      const walkedSearch = await walk(`q=mar&_after=${Number.MAX_SAFE_INTEGER}&_limit=3`);
      expect(walkedSearch.ids).toEqual(search.map((t) => t.id));
      expect(new Set(walkedSearch.totals)).toEqual(new Set(["10"]));

      const favorites = (await get("favorito=true&_limit=100")).json() as Thought[];
      const walkedFavorites = await walk(`favorito=true&_after=${Number.MAX_SAFE_INTEGER}&_limit=2`);
      expect(walkedFavorites.ids).toEqual(favorites.map((t) => t.id));
      expect(walkedFavorites.totals[0]).toBe("7");
    });

    it("never skips nor repeats a thought when thoughts are deleted or added between pages", async () => {
      const all = (await get("_limit=100")).json() as Thought[];
      const first = (await get("_limit=5")).json() as Thought[];
      // The last thought of the page, the next two and a newer one change while the reader is on page 1.
      for (const gone of [first.at(-1), all[5], all[6]]) {
        await suite.api.call({ method: "DELETE", url: apiPaths.thought(gone?.id ?? 0) });
      }
      await suite.test.store.thoughts.create(thoughtInput());
      const rest = await walk(`_after=${first.at(-1)?.id}&_limit=5`);
      const expected = all.slice(7).map((t) => t.id);
      expect(rest.ids).toEqual(expected);
    });

    it("refuses _page with _after, and a cursor that is not a positive integer", async () => {
      const both = await get("_page=2&_after=10");
      expect(both.statusCode).toBe(400);
      expect(both.json().error.message).toBe("Use _page ou _after, não os dois.");
      for (const bad of ["_after=0", "_after=abc", "_after=1&_after=2"]) {
        expect((await get(bad)).statusCode, bad).toBe(400);
      }
    });
  });
}
