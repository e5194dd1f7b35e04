// A label on 30,000 thoughts renamed, renamed in case only, merged into another and deleted, through the
// labels repository in this process (as a request runs it): the time each takes, and the longest the event
// loop was held meanwhile (monitorEventLoopDelay). SQLite, and PostgreSQL when TEST_DATABASE_URL (or a
// postgres:// DATABASE_URL) names one. `npm run bench -- renames`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { generateThoughts } from "../scripts/seed-data";
import type { ThoughtInput } from "../src/domain/thought";
import { openStore, type Store } from "../src/server/db";
import { insertMany } from "../src/server/db/testing";
import { choosePostgres, seedPostgres } from "./api-postgres";
import { reportBudgets } from "./budgets";

const THOUGHTS = 30_000;
/** Budgets: a rename answers within 5 s, and holds SQLite's event loop at most 100 ms at a time. */
const ANSWER_MS = 5_000;
const HOLD_MS = 100;

/**
 * Every thought carries "Lote" and one of 100 other labels; every third also "Outra", the merge's target;
 * every 160th "Par" (188 thoughts), a small rename for scale.
 */
function* labelled(): Generator<ThoughtInput> {
  let index = 0;
  for (const thought of generateThoughts(THOUGHTS, 42)) {
    const labels = [
      "Lote",
      `Etiqueta ${index % 100}`,
      ...(index % 3 === 0 ? ["Outra"] : []),
      ...(index % 160 === 0 ? ["Par"] : []),
    ];
    yield { ...thought, etiquetas: labels };
    index += 1;
  }
}

/** The writes, in order: a label on 188 thoughts renamed, then four that reach every thought. */
const steps: { name: string; run: (store: Store) => Promise<unknown> }[] = [
  { name: 'rename "Par" to "Dupla" (on 188)', run: (store) => store.labels.rename("Par", "Dupla") },
  { name: 'rename "Lote" to a new "Remessa"', run: (store) => store.labels.rename("Lote", "Remessa") },
  {
    name: 'rename "remessa" to "REMESSA" (case only)',
    run: (store) => store.labels.rename("remessa", "REMESSA"),
  },
  {
    name: 'merge "REMESSA" into "Outra" (on 10,000)',
    run: (store) => store.labels.rename("REMESSA", "Outra"),
  },
  { name: 'delete "outra"', run: (store) => store.labels.remove("outra") },
];

/** The longest the event loop waited for its timer while `work` ran, in ms. */
async function longestHold(
  work: () => Promise<unknown>,
): Promise<{ ms: number; heldMs: number; answer: unknown }> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  // The sampler counts a hold only from its first tick on: a hold that began before it went unseen.
  await new Promise((resolve) => setTimeout(resolve, 5));
  const started = performance.now();
  const answer = await work();
  const ms = performance.now() - started;
  // The sampler is a timer: it records a hold only once the loop reaches its timers again.
  await new Promise((resolve) => setTimeout(resolve, 20));
  delay.disable();
  return { ms, heldMs: delay.max / 1e6, answer };
}

async function measure(label: string, store: Store, failures: string[]): Promise<void> {
  console.log(`\n${label}: ${THOUGHTS.toLocaleString("en")} thoughts`);
  // The seed's garbage is collected first when node runs with --expose-gc, else a pause of the collector
  // during the first rename (up to 150 ms here) is counted against it.
  (globalThis as { gc?: () => void }).gc?.();
  const idle = await longestHold(() => new Promise((resolve) => setTimeout(resolve, 1_000)));
  console.log(`- idle for 1 s, for scale: event loop held at most ${idle.heldMs.toFixed(0)} ms`);
  for (const step of steps) {
    const { ms, heldMs, answer } = await longestHold(() => step.run(store));
    console.log(
      `- ${step.name}: ${ms.toFixed(0)} ms, event loop held at most ${heldMs.toFixed(0)} ms (${JSON.stringify(answer)})`,
    );
    if (ms > ANSWER_MS) failures.push(`${label}, ${step.name}: ${ms.toFixed(0)} ms > ${ANSWER_MS} ms`);
    if (heldMs > HOLD_MS)
      failures.push(`${label}, ${step.name}: held ${heldMs.toFixed(0)} ms > ${HOLD_MS} ms`);
  }
}

export async function run(): Promise<void> {
  const failures: string[] = [];
  const folder = mkdtempSync(join(tmpdir(), "memoteca-bench-renames-"));
  try {
    const file = join(folder, "memoteca.db");
    const store = await openStore({ kind: "sqlite", file });
    try {
      await insertMany(store, labelled());
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
    const schema = await seedPostgres(choice.url, labelled(), 10_000);
    try {
      await measure("PostgreSQL", schema.store, failures);
    } finally {
      await schema.cleanup();
    }
  } else {
    console.log(`\nPostgreSQL skipped: ${choice.skipped}.`);
  }
  reportBudgets(failures, "Every rename is within its budgets.");
}
