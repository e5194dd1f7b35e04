import { describe, expect, it } from "vitest";
import { thoughtInput } from "../../thought-factory";
import { testDialects } from "../test-stores";
import { type Answer, type ApiSession, forDuration, pick, report, thoughtOf } from "./http";
import { movedProblem, steady } from "./moving-date";
import { twoServersOn } from "./servers";
import { AUTHOR, COUNT_QUERIES, countsFrom, randomModel, rowsIn, textWith, trueCounts, WORDS } from "./truth";

const SEEDED = 30;
const LOAD_MS = 2_000;
const WORKERS = 8;

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`two server processes on one ${name} database`, { timeout: 60_000 }, () => {
    // One database and one pair of servers for the tests below; each test compares against what the
    // database holds, or against what it read just before, so what an earlier test left does not matter.
    const pair = twoServersOn(name, (store) =>
      store.thoughts.insertMany(
        Array.from({ length: SEEDED }, (_, i) =>
          thoughtInput({
            conteudo: textWith(WORDS[i % WORDS.length] ?? "brisa"),
            autoria: AUTHOR,
            modelo: randomModel(),
            favorito: i % 4 === 0,
          }),
        ),
      ),
    );

    it("answers a mixed load through both without a 5xx, and both then count exactly what the database holds", async () => {
      const { a, b, store } = pair;
      const ids = (await rowsIn(store())).map((row) => row.id);
      // An id may 404 once someone set out to delete it; never before.
      const deleting = new Set<number>();
      const answers: Answer[] = [];
      const bad: Answer[] = [];
      const expectStatus = (answer: Answer, wanted: number, id?: number) => {
        answers.push(answer);
        const gone = id !== undefined && deleting.has(id) && answer.status === 404;
        if (answer.status !== wanted && !gone) bad.push(answer);
      };
      const liveId = () => {
        const live = ids.filter((id) => !deleting.has(id));
        return pick(live.length > 0 ? live : ids);
      };

      await forDuration(LOAD_MS, WORKERS, async () => {
        const api: ApiSession = pick([a, b]).api;
        const roll = Math.random();
        if (roll < 0.2) {
          const answer = await api.create({
            conteudo: textWith(pick(WORDS)),
            autoria: AUTHOR,
            modelo: randomModel(),
            favorito: Math.random() < 0.5,
          });
          expectStatus(answer, 201);
          const thought = thoughtOf(answer);
          if (thought) ids.push(thought.id);
        } else if (roll < 0.4) {
          const id = liveId();
          expectStatus(await api.patch(id, { favorito: Math.random() < 0.5 }), 200, id);
        } else if (roll < 0.52) {
          const id = liveId();
          const input = thoughtInput({
            conteudo: textWith(pick(WORDS)),
            autoria: AUTHOR,
            modelo: randomModel(),
          });
          expectStatus(await api.put(id, input), 200, id);
        } else if (roll < 0.6) {
          const id = liveId();
          deleting.add(id);
          expectStatus(await api.remove(id), 204, id);
        } else {
          const query = pick(COUNT_QUERIES);
          const answer = await api.list(query);
          expectStatus(answer, 200);
          if (answer.status === 200 && !Number.isInteger(answer.total)) bad.push(answer);
        }
      });

      // Reported on its own, so a red run also says whether the counts agree.
      expect.soft(bad.length, report(bad, answers.length, [a, b])).toBe(0);
      expect(answers.length).toBeGreaterThan(20);

      // Both count everything once more, then a last few writes go through B alone: A must count them too.
      await Promise.all([countsFrom(a.api), countsFrom(b.api)]);
      const last: Answer[] = [];
      for (const word of WORDS) {
        last.push(await b.api.create({ conteudo: textWith(word), autoria: AUTHOR, favorito: true }));
      }
      const [toggled, removed] = await rowsIn(store());
      if (!toggled || !removed) throw new Error("the load left fewer than two thoughts");
      last.push(await b.api.patch(toggled.id, { favorito: !toggled.favorito }));
      last.push(await b.api.remove(removed.id));
      expect(last.map((answer) => answer.status)).toEqual([201, 201, 201, 200, 204]);

      const truth = trueCounts(await rowsIn(store()));
      const [fromA, fromB] = await Promise.all([countsFrom(a.api), countsFrom(b.api)]);
      expect({ A: fromA, B: fromB }).toEqual({ A: truth, B: truth });
      // The wall paged through by each agrees with the database, row for row.
      const rows = await rowsIn(store());
      for (const server of [a, b]) {
        const { rows: listed, total } = await server.api.everything();
        expect(total, `${server.name}: X-Total-Count of the wall`).toBe(rows.length);
        expect(listed.map((row) => row.id).sort((x, y) => x - y)).toEqual(rows.map((row) => row.id));
      }
    });

    it("reads its own writes across instances: what B just wrote, A shows at once (item, totals, searches)", async () => {
      const { a, b } = pair;
      const word = "ventania";
      const other = "zumbido";
      // A reads everything it will be asked again, so anything it keeps from these reads would show.
      const wall = await a.api.total();
      const favorites = await a.api.total("favorito=true");
      expect(await a.api.total(`q=${word}`)).toBe(0);
      expect(await a.api.total(`q=${other}`)).toBe(0);
      expect(await a.api.total(`q=${word}&favorito=true`)).toBe(0);

      const created = thoughtOf(await b.api.create({ conteudo: `${word} e nada mais`, autoria: AUTHOR }));
      if (!created) throw new Error("B did not create the thought");
      expect((await a.api.get(created.id)).body).toEqual(created);
      const newest = await a.api.list("_limit=1");
      expect({ total: newest.total, first: (newest.body as unknown[])[0] }).toEqual({
        total: wall + 1,
        first: created,
      });
      const found = await a.api.list(`q=${word}`);
      expect({ total: found.total, items: found.body }).toEqual({ total: 1, items: [created] });

      const favorite = thoughtOf(await b.api.patch(created.id, { favorito: true }));
      if (!favorite) throw new Error("B did not switch the favorite");
      // Every field as it was but the favorite and atualizadoEm, which the toggle moves.
      expect(steady(favorite)).toEqual(steady({ ...created, favorito: true }));
      expect(movedProblem(created, favorite)).toBeUndefined();
      expect(await a.api.total("favorito=true")).toBe(favorites + 1);
      const foundFavorite = await a.api.list(`q=${word}&favorito=true`);
      expect({ total: foundFavorite.total, items: foundFavorite.body }).toEqual({
        total: 1,
        items: [favorite],
      });

      const replacement = thoughtInput({
        conteudo: `${other} agora`,
        autoria: AUTHOR,
        modelo: "modelo2",
        favorito: true,
      });
      const edited = thoughtOf(await b.api.put(created.id, replacement));
      if (!edited) throw new Error("B did not replace the thought");
      // The replacement's fields, the creation's instant kept, atualizadoEm moved.
      expect(steady(edited)).toEqual({ id: created.id, ...replacement, criadoEm: created.criadoEm });
      expect(movedProblem(favorite, edited)).toBeUndefined();
      expect(await a.api.total(`q=${word}`)).toBe(0);
      const foundEdited = await a.api.list(`q=${other}`);
      expect({ total: foundEdited.total, items: foundEdited.body }).toEqual({ total: 1, items: [edited] });

      expect((await b.api.remove(created.id)).status).toBe(204);
      expect((await a.api.get(created.id)).status).toBe(404);
      expect(await a.api.total(`q=${other}`)).toBe(0);
      expect(await a.api.total()).toBe(wall);
      expect(await a.api.total("favorito=true")).toBe(favorites);
    });
  });
}
