import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { COMMON_WORD, generateThoughts, RARE_WORD } from "../scripts/seed-data";
import { API_PREFIX } from "../src/domain/contract";
import { PAGE_SIZE } from "../src/domain/rules";
import { openStore, type Store } from "../src/server/db";
import { allThoughts, freshThoughts } from "../src/server/db/testing";
import { whileSchemasStand } from "../test-support/server/test-stores";
import { withBenchLabels } from "./api-labels";
import { type Call, load } from "./api-load";
import { runMillion } from "./api-million";
import { choosePostgres, seedPostgres } from "./api-postgres";
import {
  apiRows,
  beside,
  chosenRows,
  formatFigure,
  JSON_SERVER_TIMES,
  type Row,
  TWO_WORDS,
} from "./api-rows";
import { SEED, seedSqlite } from "./api-seed";
import { antiForgery, type Running, startJsonServer, startMemoteca } from "./api-servers";
import { reportBudgets } from "./budgets";

const THOUGHTS = 100_000;
const INSERT_BATCH = 10_000;
/** Each row: a short warm-up, then latency at one connection (what one person feels), then req/s at several. */
const WARM_UP_S = 0.5;
const LATENCY_S = 2;
const THROUGHPUT_S = 3;
const CONNECTIONS = 10;
/**
 * Once per server before its first row, with every connection: the first seconds of a process (the JIT,
 * PostgreSQL's pool opening its connections, each backend loading its catalog caches) belong to no row.
 */
const START_WARM_UP_S = 1;

export interface Target {
  label: string;
  server: Running;
  auth: Record<string, string>;
  /** The in-process store, for the search whose total is not remembered yet. */
  store: Store;
}

/** The median cost of a search whose total is not remembered yet (the first ask after any write), in-process. */
async function coldSearch(store: Store, word: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 21; i++) {
    const thoughts = freshThoughts(store);
    const started = performance.now();
    await thoughts.list({ page: 1, limit: PAGE_SIZE, search: word });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[10] ?? Number.NaN;
}

async function measure(port: number, call: (index: number) => Call) {
  await load(port, call, { connections: 1, seconds: WARM_UP_S });
  const latency = await load(port, call, { connections: 1, seconds: LATENCY_S });
  const throughput = await load(port, call, { connections: CONNECTIONS, seconds: THROUGHPUT_S });
  return { latency, throughput };
}

/** One dialect's table: every row's figures beside its budgets; what is outside them goes to `failures`. */
export async function measureTarget(
  target: Target,
  rows: Row[],
  jsonServerRates: Map<string, number>,
  failures: string[],
): Promise<string[]> {
  await load(
    target.server.port,
    (i) => rows[0]?.call(i, API_PREFIX, target.auth) ?? { method: "GET", path: "/" },
    {
      connections: CONNECTIONS,
      seconds: START_WARM_UP_S,
    },
  );
  const table = [
    `| ${target.label} | p50 ms | budget | p99 ms | budget | req/s (${CONNECTIONS} conn.) | budget | x json-server | budget |`,
    "|---|---:|---|---:|---|---:|---|---:|---|",
  ];
  for (const row of rows) {
    const { latency, throughput } = await measure(target.server.port, (i) =>
      row.call(i, API_PREFIX, target.auth),
    );
    const { budget } = row;
    const over = (what: string) => failures.push(`${target.label}, ${row.name}: ${what}`);
    if (budget.p50Under ? latency.p50 >= budget.p50 : latency.p50 > budget.p50)
      over(`p50 ${formatFigure(latency.p50)} ms`);
    if (budget.p99 !== undefined && latency.p99 > budget.p99) over(`p99 ${formatFigure(latency.p99)} ms`);
    if (budget.perSecond !== undefined && throughput.perSecond < budget.perSecond)
      over(`${formatFigure(throughput.perSecond, true)} req/s`);
    const errors = latency.errors + throughput.errors;
    if (errors > 0) over(`${errors} answers were not 2xx`);
    const theirs = jsonServerRates.get(row.name);
    const times = theirs === undefined ? Number.NaN : throughput.perSecond / theirs;
    if (times < JSON_SERVER_TIMES) over(`only ${times.toFixed(1)}x json-server`);
    table.push(
      `| ${row.name} | ${beside(latency.p50, budget.p50, budget.p50Under ? "under" : "max")} | ${beside(latency.p99, budget.p99, "max")} | ${beside(throughput.perSecond, budget.perSecond, "min")} | ${
        theirs === undefined
          ? "– | –"
          : `${times.toFixed(0)}x | ≥ ${JSON_SERVER_TIMES}x ${times >= JSON_SERVER_TIMES ? "ok" : "OVER"}`
      } |`,
    );
    console.log(table.at(-1));
  }
  for (const word of [COMMON_WORD, RARE_WORD, TWO_WORDS]) {
    const cold = await coldSearch(target.store, word);
    table.push(
      `| search q=${word}, its total not yet remembered (first ask after a write; in-process) | ${formatFigure(cold)} | – | | | | | | |`,
    );
  }
  return table;
}

/** json-server 0.17.4 on the same thoughts: its req/s on each row that reads, at the same connections. */
async function jsonServerRates(jsonServer: Running, rows: Row[]): Promise<Map<string, number>> {
  const rates = new Map<string, number>();
  for (const row of rows) {
    const call = row.jsonServerCall ?? row.call;
    if (call === false) continue;
    const result = await load(jsonServer.port, (i) => call(i, "", {}), {
      connections: CONNECTIONS,
      seconds: THROUGHPUT_S,
    });
    rates.set(row.name, result.perSecond);
  }
  return rates;
}

/** The machine's 1- and 5-minute load averages, to read the figures against. */
const loadAverage = () => {
  const [one = 0, five = 0] = loadavg();
  return `${one.toFixed(1)} (1 min), ${five.toFixed(1)} (5 min)`;
};

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
  const rows = chosenRows(apiRows(THOUGHTS));
  // API_SIZES=1m (or 100k) runs only that part: the million's seeding alone takes minutes.
  const sizes = process.env.API_SIZES ?? "100k,1m";
  try {
    if (!sizes.includes("100k")) {
      failures.push(...(await runMillion()));
      return reportFailures(failures);
    }
    console.log(`Preparing ${THOUGHTS} thoughts (SQLite) and the same data as db.json…`);
    const file = join(folder, "memoteca.db");
    await seedSqlite(file, THOUGHTS, { labels: true });
    const sqliteStore = await openStore({ kind: "sqlite", file });
    undo.push(() => sqliteStore.close());
    const dbJson = join(folder, "db.json");
    writeFileSync(dbJson, JSON.stringify({ pensamentos: await allThoughts(sqliteStore) }));

    const targets: Target[] = [];
    const sqliteServer = await start(startMemoteca(`file:${file}`));
    targets.push({
      label: "SQLite",
      server: sqliteServer,
      auth: await antiForgery(sqliteServer.port),
      store: sqliteStore,
    });

    const choice = choosePostgres();
    if ("url" in choice) {
      try {
        const seeding = performance.now();
        console.log(
          `Preparing the same ${THOUGHTS} thoughts in a throwaway PostgreSQL schema (${choice.from})…`,
        );
        const schema = await seedPostgres(
          choice.url,
          withBenchLabels(generateThoughts(THOUGHTS, SEED)),
          INSERT_BATCH,
        );
        undo.push(schema.cleanup);
        console.log(`PostgreSQL schema ${schema.name} seeded and analysed in ${seconds(seeding)}.`);
        const version = await sql<{ server_version: string }>`SHOW server_version`.execute(schema.store.db);
        // The server migrates at start, and Kysely's migrator reads every schema: not while a test drops one.
        const server = await whileSchemasStand("postgres", () => start(startMemoteca(schema.databaseUrl)));
        targets.push({
          label: `PostgreSQL ${version.rows[0]?.server_version ?? "?"}`,
          server,
          auth: await antiForgery(server.port),
          store: schema.store,
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        console.log(`PostgreSQL could not start: ${reason}`);
        failures.push(`PostgreSQL could not start (${choice.from}): ${reason}`);
      }
    } else {
      console.log(`PostgreSQL skipped: ${choice.skipped}.`);
    }

    const jsonServer = await start(startJsonServer(dbJson));
    const rates = await jsonServerRates(jsonServer, rows);
    await jsonServer.stop();

    const tables: string[][] = [];
    for (const target of targets) tables.push(await measureTarget(target, rows, rates, failures));
    for (const table of tables) console.log(`\n${table.join("\n")}`);
    console.log(
      `\n${THOUGHTS.toLocaleString("en")} thoughts. p50 and p99: one connection, ${LATENCY_S} s per row; req/s: ${CONNECTIONS} keep-alive connections, ${THROUGHPUT_S} s per row; ` +
        `json-server 0.17.4 on the same data, same connections. ${cpus().length} CPUs (${cpus()[0]?.model ?? "?"}), Node ${process.version}; ` +
        `PostgreSQL on the same machine; load average ${loadAverage()} (above the CPU count, other work shared the machine and every figure is slower than the code).`,
    );
    if (sizes.includes("1m")) failures.push(...(await runMillion()));
    console.log(`\nTotal ${seconds(began)}.`);
  } finally {
    process.off("SIGINT", interrupted);
    process.off("SIGTERM", interrupted);
    await undoAll();
  }
  reportFailures(failures);
}

function reportFailures(failures: string[]): void {
  reportBudgets(failures, "Every row is within its budget.");
}
