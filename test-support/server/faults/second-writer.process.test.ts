import { afterEach, describe, expect, it } from "vitest";
import { thoughtInput } from "../../thought-factory";
import { openTestStore, type TestStore } from "../test-stores";
import { type Answer, forDuration, pick, report, thoughtOf } from "./http";
import { secondWriter } from "./second-writer-process";
import { killAllServers, startServers } from "./servers";
import { AUTHOR, COUNT_QUERIES, countsFrom, randomModel, rowsIn, textWith, trueCounts, WORDS } from "./truth";

const WRITER_MS = 2_000;
const WORKERS = 6;

describe("a SQLite server beside a second writer process on the same file", { timeout: 60_000 }, () => {
  let test: TestStore | undefined;
  let writer: ReturnType<typeof secondWriter> | undefined;
  afterEach(async () => {
    if (writer && writer.child.exitCode === null && writer.child.signalCode === null) {
      writer.child.kill("SIGKILL");
    }
    await writer?.exited;
    writer = undefined;
    await killAllServers();
    await test?.cleanup();
    test = undefined;
  });

  it("answers every request without a 5xx while the other process writes, and counts its writes too", async () => {
    test = await openTestStore("sqlite");
    const file = test.databaseUrl.slice("file:".length);
    const [server] = await startServers("sqlite", test.databaseUrl, ["A"]);
    if (!server) throw new Error("no server");
    const ids: number[] = [];
    for (const word of WORDS) {
      const created = thoughtOf(await server.api.create({ conteudo: textWith(word), autoria: AUTHOR }));
      if (created) ids.push(created.id);
    }
    // The server counts before the other process writes, so a count it kept would now be stale.
    await countsFrom(server.api);

    writer = secondWriter(file, WRITER_MS);
    await writer.ready;
    const answers: Answer[] = [];
    const bad: Answer[] = [];
    const expectStatus = (answer: Answer, wanted: number) => {
      answers.push(answer);
      if (answer.status !== wanted) bad.push(answer);
    };
    // The server touches only its own thoughts, and never deletes: every answer has one right status.
    await forDuration(WRITER_MS, WORKERS, async () => {
      const roll = Math.random();
      if (roll < 0.25) {
        const answer = await server.api.create({
          conteudo: textWith(pick(WORDS)),
          autoria: AUTHOR,
          modelo: randomModel(),
        });
        expectStatus(answer, 201);
        const thought = thoughtOf(answer);
        if (thought) ids.push(thought.id);
      } else if (roll < 0.45) {
        expectStatus(await server.api.patch(pick(ids), { favorito: Math.random() < 0.5 }), 200);
      } else if (roll < 0.6) {
        const input = thoughtInput({
          conteudo: textWith(pick(WORDS)),
          autoria: AUTHOR,
          modelo: randomModel(),
          favorito: true,
        });
        expectStatus(await server.api.put(pick(ids), input), 200);
      } else {
        expectStatus(await server.api.list(pick(COUNT_QUERIES)), 200);
      }
    });
    const code = await writer.exited;

    // Each reported on its own: the server's answers, the other process, and the counts after.
    expect.soft(bad.length, report(bad, answers.length, [server])).toBe(0);
    expect.soft(code, `the second writer failed:\n${writer.output()}`).toBe(0);
    expect(writer.output()).toMatch(/"created":[1-9]/);

    const truth = trueCounts(await rowsIn(test.store));
    expect(await countsFrom(server.api)).toEqual(truth);
  });
});
