import { describe, expect, it } from "vitest";
import type { Thought } from "../../../src/domain/contract";
import { thoughtInput } from "../../thought-factory";
import { testDialects } from "../test-stores";
import { type Answer, report, thoughtOf } from "./http";
import { movedProblem, steady } from "./moving-date";
import { twoServersOn } from "./servers";
import { AUTHOR, countsFrom, rowsIn, trueCounts } from "./truth";

const ROUNDS = 20;
/** Thoughts per side of the opposite toggles: as many switched on as switched off, 120 PATCHes in all. */
const PER_SIDE = 60;
/** A hang guard, far above what the toggles take: deadlocks and lock waits that never end trip it. */
const TOGGLES_WITHIN_MS = 10_000;

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(
    `concurrent PATCHes through two servers on ${name}`,
    { timeout: 60_000 },
    () => {
      // One database and one pair of servers for both tests; each works on thoughts of its own.
      const pair = twoServersOn(name);

      it("keeps every field when the text, the favorite and the model of one thought change at once", async () => {
        const { a, b, store } = pair;
        const originals: Thought[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          const created = thoughtOf(
            await a.api.create(
              thoughtInput({ conteudo: `Original ${round}`, autoria: AUTHOR, modelo: "modelo1" }),
            ),
          );
          if (!created) throw new Error("could not create a thought");
          originals.push(created);
        }

        const answers: Answer[] = [];
        for (const [round, original] of originals.entries()) {
          // Three PATCHes of one thought, each of another field, sent together and spread over both servers.
          const [first, second] = round % 2 === 0 ? [a, b] : [b, a];
          answers.push(
            ...(await Promise.all([
              first.api.patch(original.id, { conteudo: `Editado ${round}` }),
              second.api.patch(original.id, { favorito: true }),
              first.api.patch(original.id, { modelo: "modelo3" }),
            ])),
          );
        }
        const bad = answers.filter((answer) => answer.status !== 200);
        // Reported on its own, so a red run also says whether changes were lost.
        expect.soft(bad.length, report(bad, answers.length, [a, b])).toBe(0);

        const wanted = originals.map(
          (original, round): Thought => ({
            ...original,
            conteudo: `Editado ${round}`,
            favorito: true,
            modelo: "modelo3",
          }),
        );
        const stored = new Map((await rowsIn(store())).map((row) => [row.id, row]));
        // "#3: conteudo" says thought 3 lost its new text: a PATCH wrote back the old one it had read.
        const lost = wanted.flatMap((thought) => {
          const row = stored.get(thought.id);
          const fields = (["conteudo", "favorito", "modelo"] as const).filter((f) => row?.[f] !== thought[f]);
          return fields.length > 0 ? [`#${thought.id}: ${fields.join(", ")}`] : [];
        });
        expect(lost, `${lost.length} of ${ROUNDS} thoughts lost a change`).toEqual([]);
        // Every field as wanted but atualizadoEm, which the changes moved: checked on its own.
        for (const server of [a, b]) {
          const read = (await Promise.all(wanted.map((thought) => server.api.get(thought.id)))).map(
            (answer) => answer.body as Thought,
          );
          expect(read.map(steady), `as ${server.name} reads them`).toEqual(wanted.map(steady));
          const unmoved = read.flatMap((thought, i) => {
            const problem = movedProblem(wanted[i] as Thought, thought);
            return problem ? [`#${thought.id}: ${problem}`] : [];
          });
          expect(unmoved, `as ${server.name} reads them`).toEqual([]);
        }
      });

      it("switches favorites on and off at once without a 5xx or a hang, and counts them right after", async () => {
        const { a, b, store } = pair;
        await store().thoughts.insertMany(
          Array.from({ length: 2 * PER_SIDE }, (_, i) =>
            thoughtInput({ conteudo: `Alternado ${i}`, autoria: AUTHOR, favorito: i % 2 === 0 }),
          ),
        );
        const mine = (rows: Thought[]) => rows.filter((row) => row.conteudo.startsWith("Alternado "));
        const before = mine(await rowsIn(store()));
        expect(before.filter((row) => row.favorito).length).toBe(PER_SIDE);
        // Warm both servers up (connections, prepared statements), so the timing below is the toggles alone.
        await Promise.all([countsFrom(a.api), countsFrom(b.api)]);

        // Every favorite switched off and every other switched on, all at once; each server gets both kinds.
        const started = Date.now();
        const answers = await Promise.all(
          before.map((row, i) =>
            (Math.floor(i / 2) % 2 === 0 ? a : b).api.patch(row.id, { favorito: !row.favorito }),
          ),
        );
        const took = Date.now() - started;

        const bad = answers.filter((answer) => answer.status !== 200);
        expect.soft(bad.length, report(bad, answers.length, [a, b])).toBe(0);
        expect
          .soft(took, "the toggles took too long: a lock wait or a deadlock")
          .toBeLessThan(TOGGLES_WITHIN_MS);

        const all = await rowsIn(store());
        const now = new Map(mine(all).map((row) => [row.id, row]));
        // Each ends with its favorite switched and every other field as it was, but atualizadoEm, which
        // the toggle moves; "#7: favorito" says which field of which thought is not as it must be.
        const unswitched = before.flatMap((row) => {
          const after = now.get(row.id);
          const wanted: Thought = { ...row, favorito: !row.favorito };
          const fields = after
            ? (Object.keys(steady(wanted)) as (keyof Thought)[]).filter(
                (field) => JSON.stringify(after[field]) !== JSON.stringify(wanted[field]),
              )
            : [];
          const moved = movedProblem(row, after);
          const problems = [...fields, ...(moved ? [moved] : [])];
          return problems.length > 0 ? [`#${row.id}: ${problems.join(", ")}`] : [];
        });
        expect(unswitched, `${unswitched.length} thoughts did not end switched`).toEqual([]);
        const truth = trueCounts(all);
        const [fromA, fromB] = await Promise.all([countsFrom(a.api), countsFrom(b.api)]);
        expect({ A: fromA, B: fromB }).toEqual({ A: truth, B: truth });
      });
    },
  );
}
