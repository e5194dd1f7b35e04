// Kindle files that used to hold the server: a title line of 1 MiB of spaces, 20,000 highlights of one book
// at one location (taken), 10,000 highlights there with a note each (every note's place in every
// highlight's range) and 200,000 highlights (over the item limit: refused), then import-load.ts's JSON file of
// `{}` for reference. Each is sent once to a fresh server on a fresh SQLite file, with /api/health asked
// meanwhile, one at a time, every HEALTH_EVERY_MS. A server that gives no answer within DEADLINE_MS is
// reported as such, then stopped (killed if SIGTERM is not heeded within STOP_GRACE_MS). Like
// import-load.ts, the server runs from the sources of the checkout given as the first argument (this one by
// default), so two checkouts compare directly:
//   npx tsx bench/import-kindle.ts [checkout]
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { apiPaths } from "../src/domain/contract";
import { kindleHighlights, kindleNotes, kindleSpacesLine } from "../test-support/server/kindle-files";
import { antiForgery } from "./api-servers";
import { startFromSources } from "./import-load";

const HEALTH_EVERY_MS = 50;
const DEADLINE_MS = 60_000;
const STOP_GRACE_MS = 5_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The answer's status, or undefined when there was none before the deadline. */
async function answerBy(url: string, init: RequestInit, deadline: number): Promise<number | undefined> {
  try {
    const response = await fetch(url, {
      ...init,
      signal: AbortSignal.timeout(Math.max(1, Math.ceil(deadline - performance.now()))),
    });
    await response.arrayBuffer();
    return response.status;
  } catch (error) {
    if (error instanceof DOMException && error.name === "TimeoutError") return undefined;
    throw error;
  }
}

/**
 * Health checks one after another until `importing` settles or the deadline passes: the slowest, and how
 * many were answered before the import was. One still waiting at the deadline counts with its wait so far.
 */
async function healthWhile(port: number, importing: Promise<unknown>, deadline: number) {
  let done = false;
  const settle = () => {
    done = true;
  };
  importing.then(settle, settle);
  let slowestMs = 0;
  let answered = 0;
  while (!done && performance.now() < deadline) {
    const start = performance.now();
    const status = await answerBy(`http://127.0.0.1:${port}${apiPaths.health}`, {}, deadline);
    slowestMs = Math.max(slowestMs, performance.now() - start);
    if (status === undefined) break;
    if (!done) answered += 1;
    await new Promise((wait) => setTimeout(wait, HEALTH_EVERY_MS));
  }
  return { slowestMs, answered };
}

/** SIGTERM, then SIGKILL if the server has not exited within the grace: how it ended. */
function stopWithin(child: ChildProcess): Promise<string> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done("exited");
    const kill = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
    child.once("exit", (_code, signal) => {
      clearTimeout(kill);
      done(signal === "SIGKILL" ? `ignored SIGTERM for ${seconds(STOP_GRACE_MS)}: killed` : "stopped");
    });
    child.kill("SIGTERM");
  });
}

async function measure(
  checkout: string,
  label: string,
  file: Buffer,
  contentType = "text/plain",
): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), "memoteca-import-kindle-"));
  const server = await startFromSources(checkout, `file:${join(folder, "memoteca.db")}`);
  try {
    const headers = { ...(await antiForgery(server.port)), "content-type": contentType };
    const started = performance.now();
    const deadline = started + DEADLINE_MS;
    const importing = answerBy(
      `http://127.0.0.1:${server.port}${apiPaths.import}`,
      { method: "POST", headers, body: file },
      deadline,
    );
    const timed = importing.then((status) => ({ status, ms: performance.now() - started }));
    const health = await healthWhile(server.port, importing, deadline);
    const answer = await timed;
    const ended = await stopWithin(server.child);
    const outcome =
      answer.status === undefined
        ? `no answer in ${seconds(DEADLINE_MS)}`
        : `${answer.status} in ${seconds(answer.ms)}`;
    console.log(
      `| ${label} | ${(file.length / 2 ** 20).toFixed(1)} MiB | ${outcome} | ${health.slowestMs.toFixed(0)} ms | ` +
        `${health.answered} | ${ended} |`,
    );
  } finally {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
    rmSync(folder, { recursive: true, force: true });
  }
}

export async function run(checkout = fileURLToPath(new URL("../", import.meta.url))): Promise<void> {
  console.log(`Server from ${checkout}\n`);
  console.log(
    "| My Clippings.txt | size | answer | slowest /api/health | health answered before it | stop |",
  );
  console.log("| --- | --- | --- | --- | --- | --- |");
  await measure(checkout, "a title line of 1 MiB of spaces", kindleSpacesLine());
  await measure(checkout, "20,000 highlights, one book, one location", kindleHighlights(20_000));
  await measure(checkout, "10,000 highlights with a note each, one place", kindleNotes(10_000));
  await measure(checkout, "200,000 highlights (over the item limit)", kindleHighlights(200_000));
  // The JSON reader's hostile file, for a figure of the same machine in the same minute to read beside.
  const empties = Buffer.from(`{"pensamentos":[${Array(349_000).fill("{}").join(",")}]}`);
  await measure(checkout, "reference: JSON `{}` × 349,000", empties, "application/json");
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await run(process.argv[2] ? resolve(process.argv[2]) : undefined);
}
