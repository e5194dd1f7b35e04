import { beforeEach, describe, expect, it } from "vitest";
import { apiClient } from "../../../test-support/server/api-client";
import { apiSuite } from "../../../test-support/server/api-suite";
import { testDialects } from "../../../test-support/server/test-stores";
import { thoughtInput, thoughtInputs } from "../../../test-support/thought-factory";
import { apiPaths, type Thought } from "../../domain/contract";
import { FAVORITE_WEIGHT } from "../picks/day-thought";

/** Noon of a day after 2026-01-01, in the server's time zone. */
const noonOf = (day: number) => new Date(2026, 0, 1 + day, 12).getTime();

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`the thought of the day and 'Surpreenda-me' on ${name}`, () => {
    let now = noonOf(0);
    const suite = apiSuite(name, { clock: () => now });
    beforeEach(async () => {
      now = noonOf(0);
      await suite.test.store.db.deleteFrom("thoughts").execute();
      await suite.test.store.db.deleteFrom("settings").where("key", "=", "pensamento_do_dia").execute();
    });

    const day = async () => {
      const response = await suite.api.call({ method: "GET", url: apiPaths.dayThought });
      expect(response.statusCode).toBe(200);
      return response.json() as Thought;
    };
    const random = async (query = "") => {
      const response = await suite.api.call({ method: "GET", url: `${apiPaths.randomThought}${query}` });
      expect(response.statusCode).toBe(200);
      return response.json() as Thought;
    };

    it("keeps one thought all day, and another the next day, never the same two days running", async () => {
      await suite.test.store.thoughts.insertMany(thoughtInputs(10));
      const chosen: number[] = [];
      for (let d = 0; d < 30; d++) {
        now = noonOf(d) - 11 * 3_600_000; // 01:00
        const morning = await day();
        now = noonOf(d) + 11 * 3_600_000; // 23:00
        expect((await day()).id).toBe(morning.id);
        chosen.push(morning.id);
      }
      for (let d = 1; d < chosen.length; d++) expect(chosen[d], `day ${d}`).not.toBe(chosen[d - 1]);
      // Thirty days draw from the whole wall, not from a corner of it.
      expect(new Set(chosen).size).toBeGreaterThan(5);
    });

    it("stays the day's thought when the wall changes, and is chosen again only if it is deleted", async () => {
      await suite.test.store.thoughts.insertMany(thoughtInputs(10));
      const first = await day();
      await suite.test.store.thoughts.create(thoughtInput());
      expect((await day()).id).toBe(first.id);
      await suite.test.store.thoughts.remove(first.id);
      const second = await day();
      expect(second.id).not.toBe(first.id);
      expect((await day()).id).toBe(second.id);
    });

    it("shows every device the same thought, even when two servers choose it at once", async () => {
      await suite.test.store.thoughts.insertMany(thoughtInputs(50));
      const other = await apiClient(suite.test.store, { clock: () => now });
      try {
        for (let d = 0; d < 5; d++) {
          now = noonOf(d);
          const [a, b] = await Promise.all([
            day(),
            other.call({ method: "GET", url: apiPaths.dayThought }).then((r) => r.json() as Thought),
          ]);
          expect(b.id).toBe(a.id);
        }
      } finally {
        await other.app.close();
      }
    });

    it("favors the favorites", async () => {
      // 2 favorites among 10: with weight 3 they hold 6 of 14 tickets (43 %), against 20 % unweighted.
      await suite.test.store.thoughts.insertMany(
        Array.from({ length: 10 }, (_, i) => thoughtInput({ favorito: i < 2 })),
      );
      let favorites = 0;
      const days = 120;
      for (let d = 0; d < days; d++) {
        now = noonOf(d);
        if ((await day()).favorito) favorites++;
      }
      expect(FAVORITE_WEIGHT).toBe(3);
      expect(favorites / days).toBeGreaterThan(0.3);
    });

    it("answers 204, with no body, on an empty wall", async () => {
      for (const url of [apiPaths.dayThought, apiPaths.randomThought]) {
        const response = await suite.api.call({ method: "GET", url });
        expect(response.statusCode).toBe(204);
        expect(response.body).toBe("");
      }
    });

    it("draws every thought once before repeating one, for a visit's seed", async () => {
      await suite.test.store.thoughts.insertMany(
        Array.from({ length: 12 }, (_, i) => thoughtInput({ favorito: i % 4 === 0 })),
      );
      const ids = new Set((await suite.test.store.thoughts.all()).map((t) => t.id));
      const drawn: number[] = [];
      for (let step = 0; step < 12; step++) drawn.push((await random(`?semente=12345&passo=${step}`)).id);
      expect(new Set(drawn)).toEqual(ids);
      // The next cycle starts over with the same order; another seed gives another order.
      expect((await random("?semente=12345&passo=12")).id).toBe(drawn[0]);
      const other: number[] = [];
      for (let step = 0; step < 12; step++) other.push((await random(`?semente=999&passo=${step}`)).id);
      expect(other).not.toEqual(drawn);
      expect(ids.has((await random()).id)).toBe(true);
    });

    it("refuses a seed or step that is not a whole number", async () => {
      for (const query of ["?semente=-1", "?semente=abc", "?passo=1.5", `?semente=${2 ** 32}`]) {
        const response = await suite.api.call({ method: "GET", url: `${apiPaths.randomThought}${query}` });
        expect(response.statusCode, query).toBe(400);
      }
    });
  });
}
