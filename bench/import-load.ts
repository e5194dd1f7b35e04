// Imports that used to hold the server: 1 MiB of `{}` (about 340,000 items, each invalid) and 100,000 valid
// thoughts in our JSON format, each sent once to a fresh server on a fresh SQLite file, with the server's
// peak memory, the slowest /api/health answered meanwhile, and the wall's first page read meanwhile (p50, p99
// against its budget, slowest). The server runs from the sources of the checkout given as the first argument
// (this one by default), so two checkouts compare directly:
//   npx tsx bench/import-load.ts [checkout]
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { generateThoughts } from "../scripts/seed-data";
import { SERVER_NODE_FLAGS } from "../scripts/server-node-flags.mjs";
import { apiPaths } from "../src/domain/contract";
import { antiForgery } from "./api-servers";
import { reportBudgets } from "./budgets";
import { peakWhile } from "./process-memory";
import { wallReadsWhile } from "./wall-during";

const HEALTH_EVERY_MS = 50;
/** Budget (DESIGN §8): the wall's first page answers with a p99 of at most this during an import. */
const WALL_P99_MS = 100;

export interface Server {
  port: number;
  pid: number;
  child: ChildProcess;
}

/**
 * `node --import tsx src/server/main.ts` of the checkout, with production's Node flags, listening on a free
 * port of loopback.
 */
export function startFromSources(checkout: string, databaseUrl: string): Promise<Server> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "--import", "tsx", "src/server/main.ts"], {
    cwd: checkout,
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: databaseUrl,
      HOST: "127.0.0.1",
      PORT: "0",
      LOG_LEVEL: "silent",
      WRITE_RATE_LIMIT: "0",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((done, fail) => {
    let text = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const port = /Memoteca em http:\/\/[^\s]+:(\d+)/.exec(text)?.[1];
      if (port) done({ port: Number(port), pid: child.pid ?? 0, child });
    });
    child.once("exit", (code) => fail(new Error(`the server exited with ${code}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once("exit", () => done());
    child.kill("SIGTERM");
  });
}

/** The slowest health check while `work` runs, asked one after another every HEALTH_EVERY_MS. */
export async function slowestHealthWhile<T>(
  port: number,
  work: Promise<T>,
): Promise<{ result: T; slowestMs: number }> {
  let finished = false;
  let slowestMs = 0;
  const asking = (async () => {
    while (!finished) {
      const start = performance.now();
      await fetch(`http://127.0.0.1:${port}${apiPaths.health}`).then((response) => response.arrayBuffer());
      slowestMs = Math.max(slowestMs, performance.now() - start);
      await new Promise((wait) => setTimeout(wait, HEALTH_EVERY_MS));
    }
  })();
  try {
    const result = await work;
    // The check under way when the work ended counts too: it may be the one that waited all along.
    finished = true;
    await asking;
    return { result, slowestMs };
  } finally {
    finished = true;
  }
}

/** The process's high-water mark of resident memory, in MiB (Linux). */
export function peakResidentMiB(pid: number): number {
  const kib = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
  return kib / 1024;
}

async function measure(checkout: string, label: string, file: Buffer, failures: string[]): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), "memoteca-import-load-"));
  const server = await startFromSources(checkout, `file:${join(folder, "memoteca.db")}`);
  try {
    const headers = { ...(await antiForgery(server.port)), "content-type": "application/json" };
    const started = performance.now();
    const sending = fetch(`http://127.0.0.1:${server.port}${apiPaths.import}`, {
      method: "POST",
      headers,
      body: file,
    }).then(async (response) => ({ status: response.status, body: await response.text() }));
    const { result, beforeMiB, peakMiB } = await peakWhile(server.pid, () =>
      slowestHealthWhile(server.port, wallReadsWhile(server.port, undefined, sending)),
    );
    const seconds = (performance.now() - started) / 1000;
    const wall = result.result;
    console.log(
      `| ${label} | ${(file.length / 2 ** 20).toFixed(1)} MiB | ${wall.result.status} | ${seconds.toFixed(2)} s | ` +
        `${beforeMiB.toFixed(0)} → ${peakMiB.toFixed(0)} MiB (high-water ${peakResidentMiB(server.pid).toFixed(0)}) | ` +
        `${result.slowestMs.toFixed(0)} ms | ${wall.p50.toFixed(0)} / ${wall.p99.toFixed(0)} / ${wall.slowest.toFixed(0)} ms ` +
        `(${wall.reads} reads${wall.failed > 0 ? `, ${wall.failed} not 200` : ""}) | ${wall.p99 <= WALL_P99_MS ? "✓" : "✗"} |`,
    );
    if (wall.p99 > WALL_P99_MS)
      failures.push(`${label}: the wall's p99 ${wall.p99.toFixed(0)} ms during its import`);
  } finally {
    await stop(server.child);
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * A hostile card: 10,000 characters of words, drawn once (`GET …/imagem.png`) with the
 * health check asked meanwhile. The server's first card also loads the drawing engines and fonts.
 */
async function measureCard(checkout: string, failures: string[]): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), "memoteca-card-load-"));
  const server = await startFromSources(checkout, `file:${join(folder, "memoteca.db")}`);
  try {
    const forgery = await antiForgery(server.port);
    const headers = { ...forgery, "content-type": "application/json" };
    const created = await fetch(`http://127.0.0.1:${server.port}${apiPaths.thoughts}`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        conteudo: "palavra ".repeat(1_250).trim(),
        autoria: "Autoria hostil",
        modelo: "modelo2",
      }),
    });
    const { id } = (await created.json()) as { id: number };
    for (const label of ["first card (engines load)", "another hostile card"]) {
      // A changed author is a new card: drawn again, not answered from memory.
      if (label !== "first card (engines load)") {
        await fetch(`http://127.0.0.1:${server.port}${apiPaths.thought(id)}`, {
          method: "PATCH",
          headers,
          body: JSON.stringify({ autoria: "Outra autoria hostil" }),
        });
      }
      const started = performance.now();
      const drawing = fetch(`http://127.0.0.1:${server.port}${apiPaths.thoughtImage(id)}`, {
        headers: { cookie: forgery.cookie ?? "" },
      }).then(async (response) => ({
        status: response.status,
        bytes: (await response.arrayBuffer()).byteLength,
      }));
      const { result, slowestMs } = await slowestHealthWhile(server.port, drawing);
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `| ${label} | ${result.status} (${result.bytes} bytes) | ${seconds.toFixed(2)} s | ${slowestMs.toFixed(0)} ms |`,
      );
      // A card not drawn measures nothing: the row is a failure, not a figure.
      if (result.status !== 200) failures.push(`${label}: answered ${result.status}, not a drawn card`);
    }
  } finally {
    await stop(server.child);
    rmSync(folder, { recursive: true, force: true });
  }
}

export async function run(checkout = fileURLToPath(new URL("../", import.meta.url))): Promise<void> {
  const empties = Buffer.from(`{"pensamentos":[${Array(349_000).fill("{}").join(",")}]}`);
  const valid = Buffer.from(JSON.stringify({ pensamentos: [...generateThoughts(100_000, 42)] }));
  console.log(`Server from ${checkout}\n`);
  console.log(
    `| file | size | status | time | resident memory | slowest /api/health | first page p50 / p99 / slowest | p99 ≤ ${WALL_P99_MS} ms |`,
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
  const failures: string[] = [];
  await measure(checkout, "`{}` × 349,000", empties, failures);
  await measure(checkout, "100,000 valid thoughts", valid, failures);
  console.log("\n| card of 10,000 characters | status | time | slowest /api/health |");
  console.log("| --- | --- | --- | --- |");
  await measureCard(checkout, failures);
  reportBudgets(failures, "Every file and card is within its budget.");
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await run(process.argv[2] ? resolve(process.argv[2]) : undefined);
}
