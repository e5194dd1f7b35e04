import { afterEach, describe, expect, it } from "vitest";
import type { Thought } from "../../../src/domain/contract";
import { thoughtInput } from "../../thought-factory";
import { openTestStore, type TestStore, testDialects } from "../test-stores";
import { type Answer, inParallel, report, sleep, thoughtOf } from "./http";
import { movedProblem } from "./moving-date";
import { killAllServers, killHard, startServers } from "./servers";
import { AUTHOR, randomModel, rowsIn, textWith, WORDS } from "./truth";

/** Writes in flight at once, and how long the burst runs before the kill. */
const IN_FLIGHT = 8;
const BURST_MS = 1_000;

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`kill -9 during a write burst, on ${name}`, { timeout: 60_000 }, () => {
    let test: TestStore | undefined;
    afterEach(async () => {
      await killAllServers();
      await test?.cleanup();
      test = undefined;
    });

    it("loses no acknowledged write: a new server on the same database has every one, and counts them right", async () => {
      test = await openTestStore(name);
      const [first] = await startServers(name, test.databaseUrl, ["A"]);
      if (!first) throw new Error("no server");

      const acknowledged: Thought[] = [];
      const before: Answer[] = [];
      let killed = false;
      const burst = inParallel(
        IN_FLIGHT,
        () => !killed,
        async (worker, round) => {
          const input = thoughtInput({
            conteudo: textWith(WORDS[(worker + round) % WORDS.length] ?? "brisa"),
            autoria: AUTHOR,
            modelo: randomModel(),
            favorito: Math.random() < 0.5,
          });
          const answer = await first.api.create(input);
          const thought = thoughtOf(answer);
          if (answer.status === 201 && thought) {
            // The answer must describe what was sent, with the dates the server set (a new thought's
            // atualizadoEm is its criadoEm); from here on it is a promise the database keeps.
            expect(thought).toEqual({
              id: thought.id,
              ...input,
              criadoEm: thought.criadoEm,
              atualizadoEm: thought.criadoEm,
              versao: 1,
            });
            expect(movedProblem(thought, thought)).toBeUndefined();
            acknowledged.push(thought);
          } else if (!killed) {
            before.push(answer);
          }
        },
      );
      // Let the burst run, then kill the process while requests are in flight.
      await sleep(BURST_MS);
      killed = true;
      await killHard(first);
      await burst;

      expect(before.length, report(before, acknowledged.length + before.length, [first])).toBe(0);
      expect(acknowledged.length).toBeGreaterThan(10);

      const [second] = await startServers(name, test.databaseUrl, ["B"]);
      if (!second) throw new Error("no server");
      const { rows, total } = await second.api.everything();
      const byId = new Map(rows.map((row) => [row.id, row]));
      const missing = acknowledged.filter((thought) => byId.get(thought.id) === undefined);
      const changed = acknowledged.filter((thought) => {
        const row = byId.get(thought.id);
        return row !== undefined && JSON.stringify(row) !== JSON.stringify(thought);
      });
      expect(missing, `${missing.length} of ${acknowledged.length} acknowledged writes are gone`).toEqual([]);
      expect(changed.map((thought) => [thought, byId.get(thought.id)])).toEqual([]);
      // At most the writes in flight at the kill were committed without an answer.
      expect(rows.length).toBeGreaterThanOrEqual(acknowledged.length);
      expect(rows.length).toBeLessThanOrEqual(acknowledged.length + IN_FLIGHT);
      expect(total).toBe(rows.length);
      expect(await second.api.total("favorito=true")).toBe(rows.filter((row) => row.favorito).length);
      expect((await rowsIn(test.store)).length).toBe(rows.length);
    });
  });
}
