// The label rows of the API bench alone, with the first page beside them for scale: 100,000 thoughts and
// 1,000 labels on SQLite, through the compiled server. `npm run bench -- labels`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PAGE_SIZE } from "../src/domain/rules";
import { openStore } from "../src/server/db/database";
import { measureTarget } from "./api.bench";
import { labelRows, page } from "./api-rows";
import { seedSqlite } from "./api-seed";
import { antiForgery, startMemoteca } from "./api-servers";

const THOUGHTS = 100_000;

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
      const rows = [
        {
          name: "first page",
          budget: { p50: 2, p99: 15, perSecond: 1_000 },
          jsonServerCall: false as const,
          call: page(`_page=1&_limit=${PAGE_SIZE}`),
        },
        ...labelRows(),
      ];
      const target = { label: "SQLite", server, auth: await antiForgery(server.port), store };
      const table = await measureTarget(target, rows, new Map(), failures);
      console.log(`\n${table.join("\n")}`);
    } finally {
      await server.stop();
      await store.close();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  if (failures.length > 0) {
    console.log(`\nOutside the budgets:\n${failures.map((f) => `- ${f}`).join("\n")}`);
    process.exitCode = 1;
  } else {
    console.log("\nEvery row is within its budget.");
  }
}
