import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { COMMON_WORD, generateThoughts, RARE_WORD } from "../scripts/seed-data";
import { API_PREFIX, apiPaths, apiRoutes, CSRF_COOKIE, CSRF_HEADER } from "../src/domain/contract";
import { openStore } from "../src/server/db/database";
import { type Call, type LoadResult, load } from "./api-load";
import { type Running, startFloor, startJsonServer, startMemoteca } from "./api-servers";

const THOUGHTS = 100_000;
/** Each row: a short warm-up, then latency with one connection, then throughput with several. */
const WARM_UP_S = 0.5;
const LATENCY_S = 2;
const THROUGHPUT_S = 3;
const CONNECTIONS = 8;

interface Row {
  name: string;
  /** The median latency this row must stay under, in ms, over HTTP. */
  budget?: number;
  /** Throughput budget: at least this share of the bare node:http floor's, measured beside the row. */
  floorShare?: number;
  call(index: number, prefix: string, auth: Record<string, string>): Call;
}

// Reads carry the anti-forgery cookie too, as a browser's do once the server has handed it out.
const page =
  (query: string): Row["call"] =>
  (_, prefix, auth) => ({
    method: "GET",
    path: `${prefix}${apiRoutes.thoughts}?${query}`,
    headers: auth.cookie ? { cookie: auth.cookie } : undefined,
  });

const rows: Row[] = [
  // The wall's list call: at least half of the floor's throughput.
  { name: "first page", budget: 2, floorShare: 0.5, call: page("_page=1&_limit=6") },
  { name: "page 5000", budget: 2, call: page("_page=5000&_limit=6") },
  { name: "favorites page", budget: 2, floorShare: 0.5, call: page("_page=1&_limit=6&favorito=true") },
  { name: `search, few matches (q=${RARE_WORD})`, budget: 5, call: page(`_page=1&_limit=6&q=${RARE_WORD}`) },
  { name: `search, many (q=${COMMON_WORD})`, budget: 5, call: page(`_page=1&_limit=6&q=${COMMON_WORD}`) },
  {
    name: "create (POST)",
    budget: 3,
    call: (index, prefix, auth) => ({
      method: "POST",
      path: `${prefix}${apiRoutes.thoughts}`,
      headers: auth,
      body: { conteudo: `Pensamento de carga número ${index}`, autoria: "Benchmark", modelo: "modelo2" },
    }),
  },
  {
    name: "favorite toggle (PATCH)",
    call: (index, prefix, auth) => ({
      method: "PATCH",
      path: `${prefix}${apiRoutes.thoughts}/${1 + ((index * 7919) % THOUGHTS)}`,
      headers: auth,
      body: { favorito: index % 2 === 0 },
    }),
  },
];

interface Measured {
  latency: LoadResult;
  throughput: LoadResult;
}

async function measure(server: Running, call: (index: number) => Call): Promise<Measured> {
  await load(server.port, call, { connections: 1, seconds: WARM_UP_S });
  const latency = await load(server.port, call, { connections: 1, seconds: LATENCY_S });
  const throughput = await load(server.port, call, { connections: CONNECTIONS, seconds: THROUGHPUT_S });
  return { latency, throughput };
}

async function antiForgery(port: number): Promise<Record<string, string>> {
  const response = await fetch(`http://127.0.0.1:${port}${apiPaths.health}`);
  const token = new RegExp(`${CSRF_COOKIE}=([^;]+)`).exec(response.headers.get("set-cookie") ?? "")?.[1];
  if (!token) throw new Error("Memoteca handed out no anti-forgery token");
  return { cookie: `${CSRF_COOKIE}=${token}`, [CSRF_HEADER]: token };
}

/** The cost of a search whose total is not remembered yet (the first ask after any write), in-process. */
async function coldSearches(file: string): Promise<string[]> {
  const store = await openStore({ kind: "sqlite", file });
  const lines: string[] = [];
  try {
    for (const word of [RARE_WORD, COMMON_WORD]) {
      const times: number[] = [];
      for (let i = 0; i < 21; i++) {
        store.thoughts.forgetCounts();
        const started = performance.now();
        await store.thoughts.list({ page: 1, limit: 6, search: word });
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      lines.push(`| q=${word}, total not yet known | ${(times[10] ?? 0).toFixed(2)} ms |`);
    }
  } finally {
    await store.close();
  }
  return lines;
}

async function prepare(folder: string): Promise<{ file: string; dbJson: string; floorPage: string }> {
  const file = join(folder, "memoteca.db");
  const store = await openStore({ kind: "sqlite", file });
  try {
    const batch = [];
    for (const thought of generateThoughts(THOUGHTS)) {
      batch.push(thought);
      if (batch.length === 10_000) await store.thoughts.insertMany(batch.splice(0));
    }
    const everything = await store.thoughts.all();
    const dbJson = join(folder, "db.json");
    writeFileSync(dbJson, JSON.stringify({ pensamentos: everything }));
    return { file, dbJson, floorPage: JSON.stringify(everything.slice(-6).reverse()) };
  } finally {
    await store.close();
  }
}

const ms = (value: number) => (Number.isNaN(value) ? "–" : value < 10 ? value.toFixed(2) : value.toFixed(0));
const times = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

export async function run(): Promise<void> {
  const began = performance.now();
  const folder = mkdtempSync(join(tmpdir(), "memoteca-bench-"));
  const running: Running[] = [];
  try {
    console.log(`Preparing ${THOUGHTS} thoughts (SQLite) and the same data as db.json…`);
    const data = await prepare(folder);
    const cold = await coldSearches(data.file);

    const memoteca = await startMemoteca(data.file);
    running.push(memoteca);
    const auth = await antiForgery(memoteca.port);
    const jsonServer = await startJsonServer(data.dbJson);
    running.push(jsonServer);
    const floor = await startFloor(data.floorPage);
    running.push(floor);

    // The floor is measured again beside every row: on a shared machine its figure moves by a third within
    // a run, and a ratio is only fair between two measures taken at the same moment.
    const floorCall = () => ({ method: "GET", path: "/" });
    const floorResult = await measure(floor, floorCall);
    const floorRates: number[] = [floorResult.throughput.perSecond];
    const table = [
      "| row | p50 ms | p99 ms | req/s | json-server p50 ms | json-server req/s | x json-server | % of floor req/s | p50 budget |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---|",
    ];
    const failures: string[] = [];
    for (const row of rows) {
      const besideRow = await load(floor.port, floorCall, {
        connections: CONNECTIONS,
        seconds: THROUGHPUT_S,
      });
      floorRates.push(besideRow.perSecond);
      const ours = await measure(memoteca, (i) => row.call(i, API_PREFIX, auth));
      const theirs = await measure(jsonServer, (i) => row.call(i, "", {}));
      const ratio = ours.throughput.perSecond / theirs.throughput.perSecond;
      const ofFloor = (100 * ours.throughput.perSecond) / besideRow.perSecond;
      if (row.floorShare !== undefined && ofFloor < 100 * row.floorShare) {
        failures.push(`${row.name}: ${ofFloor.toFixed(0)} % of the floor, under ${100 * row.floorShare} %`);
      }
      const budget =
        row.budget === undefined
          ? "–"
          : ours.latency.p50 < row.budget
            ? `< ${row.budget} ✓`
            : `< ${row.budget} ✗`;
      if (row.budget !== undefined && ours.latency.p50 >= row.budget)
        failures.push(`${row.name}: p50 over budget`);
      if (ratio < 20) failures.push(`${row.name}: only ${times(ratio)}x json-server`);
      const errors =
        ours.latency.errors + ours.throughput.errors + theirs.latency.errors + theirs.throughput.errors;
      if (errors > 0) failures.push(`${row.name}: ${errors} answers were not 2xx`);
      table.push(
        `| ${row.name} | ${ms(ours.latency.p50)} | ${ms(ours.latency.p99)} | ${ours.throughput.perSecond.toFixed(0)} | ${ms(theirs.latency.p50)} | ${theirs.throughput.perSecond.toFixed(1)} | ${times(ratio)} | ${ofFloor.toFixed(0)} % | ${budget} |`,
      );
      console.log(table.at(-1));
    }
    floorRates.sort((a, b) => a - b);
    const floorRange = `${(floorRates[0] ?? 0).toFixed(0)}–${(floorRates.at(-1) ?? 0).toFixed(0)}`;
    table.push(
      `| floor (bare node:http, fixed page; req/s beside each row: ${floorRange}) | ${ms(floorResult.latency.p50)} | ${ms(floorResult.latency.p99)} | ${floorResult.throughput.perSecond.toFixed(0)} | | | | 100 % | |`,
    );
    console.log(`\n${table.join("\n")}\n`);
    console.log("In-process, repository only:\n\n| search | p50 |\n|---|---:|");
    console.log(cold.join("\n"));
    console.log(
      `\nLatency: 1 connection, ${LATENCY_S} s per row; req/s: ${CONNECTIONS} keep-alive connections, ${THROUGHPUT_S} s per row; ` +
        `${cpus().length} CPUs (${cpus()[0]?.model ?? "?"}), Node ${process.version}; ` +
        `total ${((performance.now() - began) / 1000).toFixed(0)} s.`,
    );
    if (failures.length > 0) {
      console.log(`\nOutside the budgets:\n${failures.map((f) => `- ${f}`).join("\n")}`);
      process.exitCode = 1;
    } else {
      console.log("\nEvery row is within its budget.");
    }
  } finally {
    for (const server of running.reverse()) await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}
