import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { apiPaths, type Thought } from "../../../src/domain/contract";
import { openTestStore, type TestStore, testDatabaseUrl, testDialects } from "../test-stores";
import { type Answer, inParallel, report, sleep, thoughtOf } from "./http";
import { killAllServers, startServers, uniqueApplicationName, withApplicationName } from "./servers";
import { AUTHOR, randomModel, rowsIn, textWith, WORDS } from "./truth";

const postgres = testDialects().find((dialect) => dialect.name === "postgres");

const IN_FLIGHT = 8;
const BURST_MS = 1_500;
/** How often the backends are terminated while the burst runs. */
const TERMINATE_EVERY_MS = 150;
/**
 * On a busy machine every write of the burst may meet a terminated connection; the writers then go on
 * after the terminations stop, until one write is acknowledged (the server recovered) or this long.
 */
const RECOVERY_MS = 10_000;

describe.skipIf(!postgres?.available)("PostgreSQL backends terminated mid-burst", { timeout: 60_000 }, () => {
  let test: TestStore | undefined;
  let admin: pg.Client | undefined;
  afterEach(async () => {
    await killAllServers();
    await admin?.end();
    admin = undefined;
    await test?.cleanup();
    test = undefined;
  });

  it("keeps the server up, answers 2xx or 503 unavailable, and loses no acknowledged write", async () => {
    test = await openTestStore("postgres");
    // Only this test's server carries this name: other test files share the database and keep theirs.
    const applicationName = uniqueApplicationName();
    const [server] = await startServers("postgres", withApplicationName(test.databaseUrl, applicationName), [
      "A",
    ]);
    if (!server) throw new Error("no server");
    admin = new pg.Client({ connectionString: testDatabaseUrl() });
    await admin.connect();
    const backends = async () =>
      Number(
        (
          await (admin as pg.Client).query(
            "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1",
            [applicationName],
          )
        ).rows[0]?.n,
      );
    // The name reached the server's connections, or the terminations below would hit nothing.
    expect(await backends()).toBeGreaterThan(0);

    const acknowledged: Thought[] = [];
    const answers: Answer[] = [];
    const until = Date.now() + BURST_MS;
    let terminated = 0;
    const terminator = (async () => {
      while (Date.now() < until) {
        await sleep(TERMINATE_EVERY_MS);
        const result = await (admin as pg.Client).query(
          `SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity
           WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name = $1`,
          [applicationName],
        );
        terminated += result.rows.filter((row: { done: boolean }) => row.done).length;
      }
    })();
    await inParallel(
      IN_FLIGHT,
      () => Date.now() < until || (acknowledged.length === 0 && Date.now() < until + RECOVERY_MS),
      async (worker, round) => {
        if (round % 3 === 2) {
          answers.push(await server.api.list(worker % 2 === 0 ? "" : `q=${WORDS[0]}`));
          return;
        }
        const answer = await server.api.create({
          conteudo: textWith(WORDS[worker % WORDS.length] ?? "brisa"),
          autoria: AUTHOR,
          modelo: randomModel(),
        });
        answers.push(answer);
        const thought = thoughtOf(answer);
        if (answer.status === 201 && thought) acknowledged.push(thought);
      },
    );
    await terminator;

    const unavailable = (answer: Answer) =>
      answer.status === 503 &&
      (answer.body as { error?: { code?: string } } | undefined)?.error?.code === "unavailable";
    const bad = answers.filter(
      (answer) => !(answer.status >= 200 && answer.status < 300) && !unavailable(answer),
    );
    expect(terminated, "no backend of the server was terminated").toBeGreaterThan(0);
    expect(
      acknowledged.length,
      "no write was acknowledged, even once the terminations stopped",
    ).toBeGreaterThan(0);
    // Each of these is reported on its own, so one run tells every way the server fell short.
    expect.soft(server.alive(), `the server died:\n${server.errorLines(20).join("\n")}`).toBe(true);
    expect.soft(bad.length, report(bad, answers.length, [server])).toBe(0);
    const stored = new Map((await rowsIn(test.store)).map((row) => [row.id, row]));
    const lost = acknowledged.filter(
      (thought) => JSON.stringify(stored.get(thought.id)) !== JSON.stringify(thought),
    );
    expect
      .soft(lost, `${lost.length} of ${acknowledged.length} acknowledged writes are missing or changed`)
      .toEqual([]);
    if (!server.alive()) return;

    // Up afterwards: the health check answers 200 once the pool has new connections (503 meanwhile).
    const health: number[] = [];
    for (let attempt = 0; attempt < 20 && health.at(-1) !== 200; attempt++) {
      if (attempt > 0) await sleep(100);
      health.push((await server.api.send("GET", apiPaths.health)).status);
    }
    expect(
      health.filter((status) => status !== 200 && status !== 503),
      `health answers ${health}`,
    ).toEqual([]);
    expect(health.at(-1)).toBe(200);
    expect(server.alive()).toBe(true);
    const { rows, total } = await server.api.everything();
    expect(total).toBe(stored.size);
    expect(rows.length).toBe(stored.size);
  });
});
