// Paging deep into a big wall: at 1,000,000 thoughts (SQLite; `PAGING_THOUGHTS` changes the count), the first
// page against the deepest pages by offset (`_page`) and by cursor (`_after`), through the compiled server,
// 10 connections for 5 s each. A cursor page should cost what the first page costs, whatever its depth.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { COMMON_WORD, generateThoughts } from "../scripts/seed-data";
import { apiPaths } from "../src/domain/contract";
import { PAGE_SIZE } from "../src/domain/rules";
import type { ThoughtInput } from "../src/domain/thought";
import { openStore } from "../src/server/db/database";
import { load } from "./api-load";
import { startMemoteca } from "./api-servers";

const THOUGHTS = Number(process.env.PAGING_THOUGHTS ?? 1_000_000);
const SEED = 42;
const BATCH = 10_000;
/** A cursor page may cost this many times the first page's p50 at most. */
const CURSOR_RATIO_MAX = 2;

async function seed(file: string): Promise<{ lastPage: number; middleId: number; oldestIds: number[] }> {
  const store = await openStore({ kind: "sqlite", file });
  try {
    let batch: ThoughtInput[] = [];
    for (const thought of generateThoughts(THOUGHTS, SEED)) {
      batch.push(thought);
      if (batch.length === BATCH) {
        await store.thoughts.insertMany(batch);
        batch = [];
      }
    }
    if (batch.length > 0) await store.thoughts.insertMany(batch);
    const ids = await store.db
      .selectFrom("thoughts")
      .select("id")
      .orderBy("id", "asc")
      .limit(PAGE_SIZE + 1)
      .execute();
    return {
      lastPage: Math.ceil(THOUGHTS / PAGE_SIZE),
      middleId: Math.floor(THOUGHTS / 2),
      oldestIds: ids.map((row) => Number(row.id)),
    };
  } finally {
    await store.close();
  }
}

const ms = (value: number) => value.toFixed(2);

export async function run(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), "memoteca-paging-bench-"));
  try {
    const file = join(folder, "memoteca.db");
    const seeding = performance.now();
    const { lastPage, middleId, oldestIds } = await seed(file);
    console.log(
      `${THOUGHTS.toLocaleString("en")} thoughts seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s.\n`,
    );
    const server = await startMemoteca(`file:${file}`);
    try {
      // The cursor of the last page: the id just after its newest thought.
      const lastCursor = (oldestIds[PAGE_SIZE - 1] ?? 0) + 1;
      const rows: [string, string][] = [
        ["first page", `_limit=${PAGE_SIZE}`],
        ["middle page by offset", `_page=${Math.floor(lastPage / 2)}&_limit=${PAGE_SIZE}`],
        ["middle page by cursor", `_after=${middleId}&_limit=${PAGE_SIZE}`],
        ["last page by offset", `_page=${lastPage}&_limit=${PAGE_SIZE}`],
        ["last page by cursor", `_after=${lastCursor}&_limit=${PAGE_SIZE}`],
        [`search "${COMMON_WORD}", first page`, `q=${COMMON_WORD}&_limit=${PAGE_SIZE}`],
        // Not held to the cursor budget: FTS5 walks a term's matches newest first without seeking to a rowid
        // bound, so on SQLite a search's cursor costs what its offset would (reported, not hidden).
        [
          `search "${COMMON_WORD}", cursor at the middle`,
          `q=${COMMON_WORD}&_after=${middleId}&_limit=${PAGE_SIZE}`,
        ],
      ];
      console.log("| row | p50 ms | p99 ms | req/s | p50 / first page |");
      console.log("|---|---|---|---|---|");
      let first = Number.NaN;
      const failures: string[] = [];
      for (const [name, query] of rows) {
        const path = `${apiPaths.thoughts}?${query}`;
        await load(server.port, () => ({ method: "GET", path }), { connections: 2, seconds: 1 });
        const result = await load(server.port, () => ({ method: "GET", path }), {
          connections: 10,
          seconds: 5,
        });
        if (result.errors > 0) failures.push(`${name}: ${result.errors} errors`);
        if (name === "first page") first = result.p50;
        const ratio = result.p50 / first;
        if (name.includes("by cursor") && ratio > CURSOR_RATIO_MAX)
          failures.push(`${name}: ${ratio.toFixed(2)}x the first page`);
        console.log(
          `| ${name} | ${ms(result.p50)} | ${ms(result.p99)} | ${result.perSecond.toFixed(0)} | ${ratio.toFixed(2)}x |`,
        );
      }
      if (failures.length > 0) {
        console.log(
          `\nOutside the budgets (a cursor page within ${CURSOR_RATIO_MAX}x the first):\n${failures.map((f) => `- ${f}`).join("\n")}`,
        );
        process.exitCode = 1;
      } else {
        console.log(`\nEvery cursor page is within ${CURSOR_RATIO_MAX}x the first page's p50.`);
      }
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
