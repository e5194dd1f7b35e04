// The label rows of the API bench alone, with the first page beside them for scale: 100,000 thoughts and
// 1,000 labels on SQLite, and on PostgreSQL when TEST_DATABASE_URL (or BENCH_DATABASE_URL) names one,
// through the compiled server. `npm run bench -- labels`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateThoughts } from "../scripts/seed-data";
import { PAGE_SIZE } from "../src/domain/rules";
import { openStore } from "../src/server/db";
import { whileSchemasStand } from "../test-support/server/test-stores";
import { measureTarget } from "./api.bench";
import { withBenchLabels } from "./api-labels";
import { choosePostgres, seedPostgres } from "./api-postgres";
import { labelRows, page } from "./api-rows";
import { SEED, seedSqlite } from "./api-seed";
import { antiForgery, startMemoteca } from "./api-servers";
import { reportBudgets } from "./budgets";

const THOUGHTS = 100_000;

/** The first page for scale, then the label filter and the labels list. */
const rows = () => [
  {
    name: "first page",
    budget: { p50: 2, p99: 15, perSecond: 1_000 },
    jsonServerCall: false as const,
    call: page(`_page=1&_limit=${PAGE_SIZE}`),
  },
  ...labelRows(),
];

export async function run(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), "memoteca-bench-labels-"));
  const file = join(folder, "memoteca.db");
  const failures: string[] = [];
  try {
    console.log(`Preparing ${THOUGHTS} thoughts with 1,000 labels (SQLite)…`);
    await seedSqlite(file, THOUGHTS, { labels: true });
    const store = await openStore({ kind: "sqlite", file });
    const server = await startMemoteca(`file:${file}`);
    try {
      const target = { label: "SQLite", server, auth: await antiForgery(server.port), store };
      console.log(`\n${(await measureTarget(target, rows(), new Map(), failures)).join("\n")}`);
    } finally {
      await server.stop();
      await store.close();
    }
    const choice = choosePostgres();
    if ("url" in choice) await measurePostgres(choice.url, choice.from, failures);
    else console.log(`\nPostgreSQL skipped: ${choice.skipped}.`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  reportBudgets(failures, "Every row is within its budget.");
}

/** The same rows on a throwaway PostgreSQL schema seeded with the same thoughts and labels. */
async function measurePostgres(url: string, from: string, failures: string[]): Promise<void> {
  console.log(`\nPreparing the same thoughts in a throwaway PostgreSQL schema (${from})…`);
  const schema = await seedPostgres(url, withBenchLabels(generateThoughts(THOUGHTS, SEED)), 10_000);
  try {
    const pgServer = await whileSchemasStand("postgres", () => startMemoteca(schema.databaseUrl));
    try {
      const target = {
        label: "PostgreSQL",
        server: pgServer,
        auth: await antiForgery(pgServer.port),
        store: schema.store,
      };
      console.log(`\n${(await measureTarget(target, rows(), new Map(), failures)).join("\n")}`);
    } finally {
      await pgServer.stop();
    }
  } finally {
    await schema.cleanup();
  }
}
