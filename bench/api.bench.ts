import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { COMMON_WORD, generateThoughts, RARE_WORD } from "../scripts/seed-data";
import { API_PREFIX, apiRoutes } from "../src/domain/contract";
import { PAGE_SIZE } from "../src/domain/rules";
import { openStore, type Store } from "../src/server/db/database";
import { whileSchemasStand } from "../test-support/server/test-stores";
import { type Call, type LoadResult, load } from "./api-load";
import { choosePostgres, seedPostgres } from "./api-postgres";
import { antiForgery, type Running, startFloor, startJsonServer, startMemoteca } from "./api-servers";

const THOUGHTS = 100_000;
/** The generator's seed: both databases get the same thoughts, with the same ids. */
const SEED = 42;
const INSERT_BATCH = 10_000;
/** Each row: a short warm-up, then latency with one connection, then throughput with several. */
const WARM_UP_S = 0.5;
const LATENCY_S = 2;
const THROUGHPUT_S = 3;
const CONNECTIONS = 8;
/**
 * Once per Memoteca before the first row, with every connection: the first seconds of a process (the JIT,
 * PostgreSQL's pool opening its connections, each backend loading its catalog caches) belong to no row.
 */
const START_WARM_UP_S = 1;
/**
 * PostgreSQL's throughput on a row, as a share of SQLite's measured just before it, under which the row is
 * reported as a failure. Both run on this machine, PostgreSQL as a server beside Memoteca's process.
 */
const PG_RATIO_MIN = 2 / 3;
const PG_RATIO_LABEL = "2/3";
/** The last full page of the seeded wall: the deepest offset a reader can reach. */
const DEEP_PAGE = Math.floor(THOUGHTS / PAGE_SIZE);

interface Row {
  name: string;
  /**
   * Whether PostgreSQL's req/s must reach PG_RATIO_MIN of SQLite's on this row. The offset rows past the top
   * are reported but not held to it: the wall pages by cursor, and so must a client that reads deep.
   */
  pgRatio?: false;
  /** json-server's call where it differs (it knows no cursor: the same page asked by number). */
  jsonServerCall?: Row["call"];
  /** The median latency this row must stay under, in ms, over HTTP (on SQLite). */
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

const firstPage = page(`_page=1&_limit=${PAGE_SIZE}`);

/**
 * The cursor that reads page `n` of the seeded wall: the last id the page before it showed, as "Carregar
 * mais" sends it. The seed gives ids 1 to THOUGHTS on both databases, newest (highest) first.
 */
const cursorOfPage = (n: number) => THOUGHTS - (n - 1) * PAGE_SIZE + 1;
const MIDDLE_PAGE = 5000;

const rows: Row[] = [
  // The wall's list call: at least half of the floor's throughput.
  { name: "first page", budget: 2, floorShare: 0.5, call: firstPage },
  { name: "page 50", call: page(`_page=50&_limit=${PAGE_SIZE}`) },
  { name: "page 5000", budget: 2, pgRatio: false, call: page(`_page=${MIDDLE_PAGE}&_limit=${PAGE_SIZE}`) },
  {
    name: `page ${DEEP_PAGE} (deepest)`,
    pgRatio: false,
    call: page(`_page=${DEEP_PAGE}&_limit=${PAGE_SIZE}`),
  },
  {
    name: `page ${MIDDLE_PAGE} by cursor (_after=${cursorOfPage(MIDDLE_PAGE)})`,
    budget: 2,
    call: page(`_after=${cursorOfPage(MIDDLE_PAGE)}&_limit=${PAGE_SIZE}`),
    jsonServerCall: page(`_page=${MIDDLE_PAGE}&_limit=${PAGE_SIZE}`),
  },
  {
    name: `page ${DEEP_PAGE} by cursor (_after=${cursorOfPage(DEEP_PAGE)})`,
    call: page(`_after=${cursorOfPage(DEEP_PAGE)}&_limit=${PAGE_SIZE}`),
    jsonServerCall: page(`_page=${DEEP_PAGE}&_limit=${PAGE_SIZE}`),
  },
  {
    name: "favorites page",
    budget: 2,
    floorShare: 0.5,
    call: page(`_page=1&_limit=${PAGE_SIZE}&favorito=true`),
  },
  {
    name: `search, few matches (q=${RARE_WORD})`,
    budget: 5,
    call: page(`_page=1&_limit=${PAGE_SIZE}&q=${RARE_WORD}`),
  },
  {
    name: `search, many (q=${COMMON_WORD})`,
    budget: 5,
    call: page(`_page=1&_limit=${PAGE_SIZE}&q=${COMMON_WORD}`),
  },
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

/** A row's warm-up, then its latency with one connection. */
async function measureLatency(server: Running, call: (index: number) => Call): Promise<LoadResult> {
  await load(server.port, call, { connections: 1, seconds: WARM_UP_S });
  return load(server.port, call, { connections: 1, seconds: LATENCY_S });
}

async function measure(server: Running, call: (index: number) => Call): Promise<Measured> {
  const latency = await measureLatency(server, call);
  const throughput = await load(server.port, call, { connections: CONNECTIONS, seconds: THROUGHPUT_S });
  return { latency, throughput };
}

/**
 * Rounds of the side-by-side throughput measure: each server gets THROUGHPUT_S in all, in this many turns.
 * Six turns of 0.5 s rather than three of 1 s: this VM's speed swings by a quarter for a second or two at a
 * time, and finer turns share those swings more evenly between the two sides.
 */
const SIDE_BY_SIDE_ROUNDS = 6;

/** Several loads on one server as one: their requests over their time together. */
function together(results: LoadResult[]): LoadResult {
  const requests = results.reduce((sum, result) => sum + result.requests, 0);
  const elapsed = results.reduce((sum, result) => sum + result.requests / result.perSecond, 0);
  return {
    requests,
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    p50: Math.max(...results.map((result) => result.p50)),
    p99: Math.max(...results.map((result) => result.p99)),
    perSecond: requests / elapsed,
  };
}

/**
 * Two servers measured on the same row, SQLite's Memoteca and PostgreSQL's: each gets the same warm-up and
 * latency run, then its throughput in SIDE_BY_SIDE_ROUNDS turns taken in alternation. On this shared VM a
 * server's throughput drifts by a third within seconds, so one block each would put the drift into the
 * ratio; in alternation both sides see the same moments of the machine.
 */
async function measureSideBySide(
  sides: [
    { server: Running; call: (index: number) => Call },
    { server: Running; call: (index: number) => Call },
  ],
): Promise<[Measured, Measured]> {
  const latencies: LoadResult[] = [];
  for (const { server, call } of sides) latencies.push(await measureLatency(server, call));
  const turns: LoadResult[][] = sides.map(() => []);
  const seconds = THROUGHPUT_S / SIDE_BY_SIDE_ROUNDS;
  for (let round = 0; round < SIDE_BY_SIDE_ROUNDS; round++) {
    for (const [i, { server, call }] of sides.entries()) {
      turns[i]?.push(await load(server.port, call, { connections: CONNECTIONS, seconds }));
    }
  }
  const measuredAt = (i: 0 | 1): Measured => {
    const latency = latencies[i];
    if (!latency) throw new Error(`side ${i} has no latency run`);
    return { latency, throughput: together(turns[i] ?? []) };
  };
  return [measuredAt(0), measuredAt(1)];
}

const warmUp = (server: Running, auth: Record<string, string>) =>
  load(server.port, (i) => firstPage(i, API_PREFIX, auth), {
    connections: CONNECTIONS,
    seconds: START_WARM_UP_S,
  });

const errorsOf = (measured: Measured) => measured.latency.errors + measured.throughput.errors;

/** The median cost of a search whose total is not remembered yet (the first ask after any write), in-process. */
async function coldSearch(store: Store, word: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 21; i++) {
    store.thoughts.forgetCounts();
    const started = performance.now();
    await store.thoughts.list({ page: 1, limit: PAGE_SIZE, search: word });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[10] ?? Number.NaN;
}

async function prepare(folder: string): Promise<{ file: string; dbJson: string; floorPage: string }> {
  const file = join(folder, "memoteca.db");
  const store = await openStore({ kind: "sqlite", file });
  try {
    const batch = [];
    for (const thought of generateThoughts(THOUGHTS, SEED)) {
      batch.push(thought);
      if (batch.length === INSERT_BATCH) await store.thoughts.insertMany(batch.splice(0));
    }
    if (batch.length > 0) await store.thoughts.insertMany(batch);
    const everything = await store.thoughts.all();
    const dbJson = join(folder, "db.json");
    writeFileSync(dbJson, JSON.stringify({ pensamentos: everything }));
    return { file, dbJson, floorPage: JSON.stringify(everything.slice(-PAGE_SIZE).reverse()) };
  } finally {
    await store.close();
  }
}

/** The second Memoteca, on a fresh PostgreSQL schema seeded like the SQLite file. */
interface Postgres {
  server: Running;
  auth: Record<string, string>;
  version: string;
  from: string;
}

const ms = (value: number) => (Number.isNaN(value) ? "–" : value < 10 ? value.toFixed(2) : value.toFixed(0));
const times = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(0)} s`;

export async function run(): Promise<void> {
  const began = performance.now();
  const folder = mkdtempSync(join(tmpdir(), "memoteca-bench-"));
  // Undone in reverse order, once, at the end or on Ctrl-C: the servers first, then the schema, then the folder.
  const undo: (() => Promise<void>)[] = [async () => rmSync(folder, { recursive: true, force: true })];
  let undone: Promise<void> | undefined;
  const undoAll = () => {
    undone ??= (async () => {
      for (const step of undo.reverse()) {
        await step().catch((error: unknown) =>
          console.error(`Cleanup failed: ${error instanceof Error ? error.message : String(error)}`),
        );
      }
    })();
    return undone;
  };
  const interrupted = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping the servers and dropping what the benchmark made…`);
    void undoAll().finally(() => process.exit(130));
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  const start = async (server: Promise<Running>) => {
    const running = await server;
    undo.push(() => running.stop());
    return running;
  };
  const failures: string[] = [];
  try {
    console.log(`Preparing ${THOUGHTS} thoughts (SQLite) and the same data as db.json…`);
    const data = await prepare(folder);
    const coldStore = await openStore({ kind: "sqlite", file: data.file });
    const cold: { word: string; sqlite: number; postgres?: number }[] = [];
    try {
      for (const word of [RARE_WORD, COMMON_WORD])
        cold.push({ word, sqlite: await coldSearch(coldStore, word) });
    } finally {
      await coldStore.close();
    }

    const choice = choosePostgres();
    let postgres: Postgres | undefined;
    if ("url" in choice) {
      try {
        const seeding = performance.now();
        console.log(
          `Preparing the same ${THOUGHTS} thoughts in a throwaway PostgreSQL schema (${choice.from})…`,
        );
        const schema = await seedPostgres(choice.url, generateThoughts(THOUGHTS, SEED), INSERT_BATCH);
        undo.push(schema.cleanup);
        console.log(`PostgreSQL schema ${schema.name} seeded and analysed in ${seconds(seeding)}.`);
        for (const entry of cold) entry.postgres = await coldSearch(schema.store, entry.word);
        const version = await sql<{ server_version: string }>`SHOW server_version`.execute(schema.store.db);
        // The server migrates at start, and Kysely's migrator reads every schema: not while a test drops one.
        const server = await whileSchemasStand("postgres", () => start(startMemoteca(schema.databaseUrl)));
        postgres = {
          server,
          auth: await antiForgery(server.port),
          version: version.rows[0]?.server_version ?? "?",
          from: choice.from,
        };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        console.log(`PostgreSQL comparison could not start: ${reason}`);
        failures.push(`PostgreSQL comparison could not start (${choice.from}): ${reason}`);
      }
    }

    const memoteca = await start(startMemoteca(`file:${data.file}`));
    const auth = await antiForgery(memoteca.port);
    const jsonServer = await start(startJsonServer(data.dbJson));
    const floor = await start(startFloor(data.floorPage));

    await warmUp(memoteca, auth);
    if (postgres) await warmUp(postgres.server, postgres.auth);
    // The floor is measured again beside every row: on a shared machine its figure moves by a third within
    // a run, and a ratio is only fair between two measures taken at the same moment. For the same reason
    // each row is measured on SQLite and then at once on PostgreSQL, before json-server's turn.
    const floorCall = () => ({ method: "GET", path: "/" });
    const floorResult = await measure(floor, floorCall);
    const floorRates: number[] = [floorResult.throughput.perSecond];
    const table = [
      "| row | p50 ms | p99 ms | req/s | json-server p50 ms | json-server req/s | x json-server | % of floor req/s | p50 budget |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---|",
    ];
    const pgTable = [
      "| row | SQLite req/s | SQLite p50 ms | PostgreSQL req/s | PostgreSQL p50 ms | PostgreSQL p99 ms | PG/SQLite req/s | |",
      "|---|---:|---:|---:|---:|---:|---:|---|",
    ];
    for (const row of rows) {
      const besideRow = await load(floor.port, floorCall, {
        connections: CONNECTIONS,
        seconds: THROUGHPUT_S,
      });
      floorRates.push(besideRow.perSecond);
      const ownCall = (i: number) => row.call(i, API_PREFIX, auth);
      const [ours, onPostgres] = postgres
        ? await measureSideBySide([
            { server: memoteca, call: ownCall },
            { server: postgres.server, call: (i) => row.call(i, API_PREFIX, postgres.auth) },
          ])
        : [await measure(memoteca, ownCall), undefined];
      const theirCall = row.jsonServerCall ?? row.call;
      const theirs = await measure(jsonServer, (i) => theirCall(i, "", {}));
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
      const errors = errorsOf(ours) + errorsOf(theirs);
      if (errors > 0) failures.push(`${row.name}: ${errors} answers were not 2xx`);
      table.push(
        `| ${row.name} | ${ms(ours.latency.p50)} | ${ms(ours.latency.p99)} | ${ours.throughput.perSecond.toFixed(0)} | ${ms(theirs.latency.p50)} | ${theirs.throughput.perSecond.toFixed(1)} | ${times(ratio)} | ${ofFloor.toFixed(0)} % | ${budget} |`,
      );
      console.log(table.at(-1));
      if (onPostgres) {
        const share = onPostgres.throughput.perSecond / ours.throughput.perSecond;
        const held = row.pgRatio !== false;
        const under = held && share < PG_RATIO_MIN;
        if (under) {
          failures.push(
            `${row.name}: PostgreSQL at ${share.toFixed(2)}x SQLite's req/s, under ${PG_RATIO_LABEL}`,
          );
        }
        if (errorsOf(onPostgres) > 0) {
          failures.push(`${row.name}: ${errorsOf(onPostgres)} PostgreSQL answers were not 2xx`);
        }
        pgTable.push(
          `| ${row.name} | ${ours.throughput.perSecond.toFixed(0)} | ${ms(ours.latency.p50)} | ${onPostgres.throughput.perSecond.toFixed(0)} | ${ms(onPostgres.latency.p50)} | ${ms(onPostgres.latency.p99)} | ${share.toFixed(2)} | ${!held ? "offset, not held" : under ? `✗ under ${PG_RATIO_LABEL}` : "✓"} |`,
        );
        console.log(`  PostgreSQL: ${pgTable.at(-1)}`);
      }
    }
    floorRates.sort((a, b) => a - b);
    const floorRange = `${(floorRates[0] ?? 0).toFixed(0)}–${(floorRates.at(-1) ?? 0).toFixed(0)}`;
    table.push(
      `| floor (bare node:http, fixed page; req/s beside each row: ${floorRange}) | ${ms(floorResult.latency.p50)} | ${ms(floorResult.latency.p99)} | ${floorResult.throughput.perSecond.toFixed(0)} | | | | 100 % | |`,
    );
    console.log(`\nSQLite:\n\n${table.join("\n")}\n`);
    if (postgres) {
      console.log(
        `PostgreSQL ${postgres.version} against SQLite, measured back to back (flagged under ${PG_RATIO_LABEL} of SQLite's req/s):\n\n${pgTable.join("\n")}\n`,
      );
    } else if ("skipped" in choice) {
      console.log(`PostgreSQL comparison skipped: ${choice.skipped}.\n`);
    }
    console.log(
      postgres
        ? "In-process, repository only:\n\n| search | SQLite p50 | PostgreSQL p50 |\n|---|---:|---:|"
        : "In-process, repository only:\n\n| search | p50 |\n|---|---:|",
    );
    for (const entry of cold) {
      const pg = entry.postgres === undefined ? "" : ` ${ms(entry.postgres)} ms |`;
      console.log(`| q=${entry.word}, total not yet known | ${ms(entry.sqlite)} ms |${pg}`);
    }
    console.log(
      `\nLatency: 1 connection, ${LATENCY_S} s per row; req/s: ${CONNECTIONS} keep-alive connections, ${THROUGHPUT_S} s per row; ` +
        `${cpus().length} CPUs (${cpus()[0]?.model ?? "?"}), Node ${process.version}` +
        `${postgres ? `; PostgreSQL ${postgres.version} (${postgres.from}) on the same machine` : ""}; ` +
        `total ${seconds(began)}.`,
    );
  } finally {
    process.off("SIGINT", interrupted);
    process.off("SIGTERM", interrupted);
    await undoAll();
  }
  if (failures.length > 0) {
    console.log(`\nOutside the budgets:\n${failures.map((f) => `- ${f}`).join("\n")}`);
    process.exitCode = 1;
  } else {
    console.log("\nEvery row is within its budget.");
  }
}
