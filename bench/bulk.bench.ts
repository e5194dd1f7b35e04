// Many thoughts at once, through the repositories in this process (as a request runs them): an import of
// 10,000 undone and its 'Desfazer', and the wall's selection of 10,000 moved to the trash, brought back,
// labelled and favoured, each one transaction. The time each takes and the longest the event loop was held
// meanwhile, on a wall of 50,000 thoughts. SQLite, and PostgreSQL when TEST_DATABASE_URL (or a postgres://
// DATABASE_URL) names one. `npm run bench -- bulk`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { generateThoughts } from "../scripts/seed-data";
import { openStore, type Store } from "../src/server/db";
import { insertMany } from "../src/server/db/testing";
import { choosePostgres, seedPostgres } from "./api-postgres";
import { reportBudgets } from "./budgets";

const WALL = 50_000;
const BATCH = 10_000;
/** The budget of an undo of an import of 10,000 and of a bulk move of 10,000 to the trash. */
const ANSWER_MS = 2_000;

async function timed(work: () => Promise<unknown>): Promise<{ ms: number; heldMs: number; answer: unknown }> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  await new Promise((resolve) => setTimeout(resolve, 5));
  const started = performance.now();
  const answer = await work();
  const ms = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 20));
  delay.disable();
  return { ms, heldMs: delay.max / 1e6, answer };
}

async function measure(label: string, store: Store, failures: string[]): Promise<void> {
  console.log(`\n${label}: ${WALL.toLocaleString("en")} thoughts on the wall`);
  const imported = await store.thoughts.importMany(
    [...generateThoughts(BATCH, 7)].map((t, i) => ({
      ...t,
      conteudo: `${t.conteudo} (importado ${i})`,
    })),
    { dryRun: false, kind: "json" },
  );
  const importId = imported.importId ?? 0;
  let deletedAt = 0;
  let selection: number[] = [];
  const steps: { name: string; budget?: number; run: () => Promise<unknown> }[] = [
    {
      name: `undo an import of ${BATCH.toLocaleString("en")}`,
      budget: ANSWER_MS,
      run: async () => {
        const outcome = await store.bulk.undoImport(importId, { includeEdited: false }, Date.now());
        deletedAt = outcome?.deletedAt ?? 0;
        return outcome?.moved;
      },
    },
    { name: "its 'Desfazer'", run: () => store.bulk.redoImport(importId, deletedAt, Date.now()) },
    {
      name: `move a selection of ${BATCH.toLocaleString("en")} to the trash`,
      budget: ANSWER_MS,
      run: async () => {
        const page = await store.thoughts.list({ page: 1, limit: BATCH });
        selection = page.items.map((thought) => thought.id);
        return (await store.bulk.apply(selection, { kind: "trash" }, Date.now())).total;
      },
    },
    {
      name: "bring it back ('Desfazer')",
      run: async () => (await store.bulk.apply(selection, { kind: "restore" }, Date.now())).total,
    },
    {
      name: "add a label to it",
      run: async () =>
        (await store.bulk.apply(selection, { kind: "label", label: "lote" }, Date.now())).total,
    },
    {
      name: "favour it",
      run: async () =>
        (await store.bulk.apply(selection, { kind: "favorite", value: true }, Date.now())).total,
    },
  ];
  for (const step of steps) {
    const { ms, heldMs, answer } = await timed(step.run);
    const budget = step.budget ? ` (budget ${step.budget} ms)` : "";
    console.log(
      `- ${step.name}: ${ms.toFixed(0)} ms${budget}, event loop held at most ${heldMs.toFixed(0)} ms (${JSON.stringify(answer)})`,
    );
    if (step.budget && ms > step.budget)
      failures.push(`${label}, ${step.name}: ${ms.toFixed(0)} ms > ${step.budget} ms`);
  }
}

export async function run(): Promise<void> {
  const failures: string[] = [];
  const folder = mkdtempSync(join(tmpdir(), "memoteca-bench-bulk-"));
  try {
    const store = await openStore({ kind: "sqlite", file: join(folder, "memoteca.db") });
    try {
      await insertMany(store, generateThoughts(WALL, 42));
      await measure("SQLite", store, failures);
    } finally {
      await store.close();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const choice = choosePostgres();
  if ("url" in choice) {
    console.log(`\nPreparing the same thoughts in a throwaway PostgreSQL schema (${choice.from})…`);
    const schema = await seedPostgres(choice.url, generateThoughts(WALL, 42), 10_000);
    try {
      await measure("PostgreSQL", schema.store, failures);
    } finally {
      await schema.cleanup();
    }
  } else {
    console.log(`\nPostgreSQL skipped: ${choice.skipped}.`);
  }
  reportBudgets(failures, "Every bulk action is within its budget.");
}
