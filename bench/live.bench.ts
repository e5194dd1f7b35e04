// Live updates (issue 42), through two Memoteca processes on one database, as production runs them: from a
// write's commit to its event on a stream of the OTHER instance (p50/p99), the memory 100 open streams cost
// an instance, and a create's p50 with the change log appended in its transaction. SQLite (two processes on
// one file, the second polling the log's head) and PostgreSQL (LISTEN/NOTIFY) when TEST_DATABASE_URL (or a
// postgres:// DATABASE_URL) names one. `npm run bench -- live`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { apiPaths } from "../src/domain/contract";
import { SseClient } from "../test-support/server/sse-client";
import { openTestStore } from "../test-support/server/test-stores";
import { thoughtInput } from "../test-support/thought-factory";
import { load } from "./api-load";
import { choosePostgres } from "./api-postgres";
import { antiForgery, type Running, startMemoteca } from "./api-servers";
import { residentMiB } from "./process-memory";

/** Budgets (DESIGN §8): commit to event p50 ≤ 150 ms, p99 ≤ 500 ms; 100 streams ≤ 20 MB; create p50 < 3 ms. */
const P50_MS = 150;
const P99_MS = 500;
const STREAMS = 100;
const STREAMS_MB = 20;
const CREATE_P50_MS = 3;
const EVENTS = 200;
/** The create's measure, as the API bench takes DESIGN §8's: a warm-up, then one connection for a while. */
const CREATE_WARM_UP_S = 2;
const CREATE_S = 4;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
const sortedMs = (values: number[]) => [...values].sort((a, b) => a - b);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(label: string, databaseUrl: string, failures: string[]): Promise<void> {
  console.log(`\n${label}: two instances, A writes, streams on B`);
  const servers: Running[] = [];
  try {
    servers.push(await startMemoteca(databaseUrl), await startMemoteca(databaseUrl));
    const [a, b] = servers as [Running, Running];
    const auth = await antiForgery(a.port);
    const writeHeaders = { ...auth, "content-type": "application/json" };
    const create = async () => {
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${a.port}${apiPaths.thoughts}`, {
        method: "POST",
        headers: writeHeaders,
        body: JSON.stringify(thoughtInput()),
      });
      const body = (await response.json()) as { id: number };
      if (response.status !== 201) throw new Error(`a create answered ${response.status}`);
      return { id: body.id, started, answered: performance.now() };
    };

    // Commit to event: the write's commit lies between its request's start and its answer; the time is
    // taken from its answer (the commit is before it), so the figure is of the delivery alone, less the
    // answer's own way back (well under a millisecond on loopback). One write at a time, 20 ms apart.
    const client = await SseClient.open(`http://127.0.0.1:${b.port}`);
    await client.until((c) => c.lastEventId !== undefined, "the stream's first id");
    const seenAt = new Map<number, number>();
    const latencies: number[] = [];
    for (let at = 0; at < EVENTS; at++) {
      const before = client.events.length;
      const { id, answered } = await create();
      await client.until((c) => c.events.length > before, "the event", 5_000);
      const arrived = performance.now();
      seenAt.set(id, arrived);
      latencies.push(Math.max(0, arrived - answered));
      await pause(20);
    }
    await client.close();
    const sorted = sortedMs(latencies);
    const [p50, p99] = [percentile(sorted, 50), percentile(sorted, 99)];
    console.log(
      `- commit to event on the other instance, ${EVENTS} writes: p50 ${p50.toFixed(1)} ms (≤ ${P50_MS}), p99 ${p99.toFixed(1)} ms (≤ ${P99_MS}), max ${sorted.at(-1)?.toFixed(1)} ms`,
    );
    if (p50 > P50_MS) failures.push(`${label}: event p50 ${p50.toFixed(1)} ms > ${P50_MS}`);
    if (p99 > P99_MS) failures.push(`${label}: event p99 ${p99.toFixed(1)} ms > ${P99_MS}`);

    // 100 open streams on B, each then given 20 events: how much B's resident memory grew.
    await pause(500);
    const before = residentMiB(b.pid);
    const streams = await Promise.all(
      Array.from({ length: STREAMS }, () => SseClient.open(`http://127.0.0.1:${b.port}`)),
    );
    for (let at = 0; at < 20; at++) await create();
    await Promise.all(streams.map((stream) => stream.until((c) => c.events.length >= 20, "20 events")));
    await pause(500);
    const grown = residentMiB(b.pid) - before;
    await Promise.all(streams.map((stream) => stream.close()));
    console.log(
      `- ${STREAMS} open streams (20 events each): B's resident memory grew ${grown.toFixed(1)} MiB (≤ ${STREAMS_MB} MB)`,
    );
    if (grown > (STREAMS_MB * 1e6) / 2 ** 20)
      failures.push(`${label}: ${STREAMS} streams took ${grown.toFixed(1)} MiB`);

    // Create p50 with the change log, one stream open on each instance (the log is read as it grows), taken
    // as the API bench takes DESIGN §8's create budget (api-load.ts: node:http on a keep-alive socket, one
    // request after another), so the two figures compare; fetch() added about a millisecond of its own.
    const watchers = [
      await SseClient.open(`http://127.0.0.1:${a.port}`),
      await SseClient.open(`http://127.0.0.1:${b.port}`),
    ];
    const call = () => ({ method: "POST", path: apiPaths.thoughts, headers: auth, body: thoughtInput() });
    await load(a.port, call, { connections: 1, seconds: CREATE_WARM_UP_S });
    const creates = await load(a.port, call, { connections: 1, seconds: CREATE_S });
    await Promise.all(watchers.map((watcher) => watcher.close()));
    if (creates.errors > 0) failures.push(`${label}: ${creates.errors} creates were not answered 201`);
    console.log(
      `- create through HTTP, ${creates.requests} one at a time: p50 ${creates.p50.toFixed(2)} ms (< ${CREATE_P50_MS}), p99 ${creates.p99.toFixed(2)} ms`,
    );
    if (creates.p50 >= CREATE_P50_MS) failures.push(`${label}: create p50 ${creates.p50.toFixed(2)} ms`);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

export async function run(): Promise<void> {
  const failures: string[] = [];
  const folder = mkdtempSync(join(tmpdir(), "memoteca-live-"));
  try {
    await measure("SQLite", `file:${join(folder, "memoteca.db")}`, failures);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const postgres = choosePostgres();
  if ("skipped" in postgres) {
    console.log(`\nPostgreSQL skipped: ${postgres.skipped}`);
  } else {
    const test = await openTestStore("postgres", { env: { TEST_DATABASE_URL: postgres.url } });
    try {
      await measure("PostgreSQL", test.databaseUrl, failures);
    } finally {
      await test.cleanup();
    }
  }
  if (failures.length > 0) {
    console.log(`\nOver budget:\n${failures.map((failure) => `- ${failure}`).join("\n")}`);
    process.exitCode = 1;
  }
}
