import { generateThoughts } from "../scripts/seed-data";
import type { ThoughtInput } from "../src/domain/thought";
import { openStore } from "../src/server/db";
import { insertMany } from "../src/server/db/testing";
import { withBenchLabels } from "./api-labels";

/** The generator's seed: every database gets the same thoughts, with the same ids (1 to the count). */
export const SEED = 42;
/** Rows handed to the dialect's bulk insert at a time: the generator's thoughts never sit in memory at once. */
const BATCH = 10_000;

/** The thoughts the benches seed, in batches of BATCH; with `labels`, 1,000 labels among them. */
export function* seedBatches(count: number, { labels = false } = {}): Generator<ThoughtInput[]> {
  let batch: ThoughtInput[] = [];
  const generated = generateThoughts(count, SEED);
  for (const thought of labels ? withBenchLabels(generated) : generated) {
    batch.push(thought);
    if (batch.length === BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * A new SQLite file holding `count` generated thoughts, written in one transaction (one commit, one fsync)
 * through the same bulk insert an import uses: 1,000,000 thoughts in about a minute on this machine.
 */
export async function seedSqlite(
  file: string,
  count: number,
  options: { labels?: boolean } = {},
): Promise<void> {
  const store = await openStore({ kind: "sqlite", file });
  try {
    await insertMany(
      store,
      (function* () {
        for (const batch of seedBatches(count, options)) yield* batch;
      })(),
    );
  } finally {
    await store.close();
  }
}
