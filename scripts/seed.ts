// `npm run seed -- --count N`: adds N realistic pt-BR thoughts to the database that DATABASE_URL names.
import { parseArgs } from "node:util";
import type { ThoughtInput } from "../src/domain/thought";
import { openStore } from "../src/server/db";
import { insertMany } from "../src/server/db/testing";
import { configuredDatabase } from "./cli";
import { generateThoughts } from "./seed-data";

const BATCH = 5_000;

const { values } = parseArgs({
  options: { count: { type: "string", default: "1000" }, seed: { type: "string", default: "42" } },
});
const count = Number(values.count);
const seed = Number(values.seed);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(seed)) {
  console.error("Uso: npm run seed -- --count N [--seed S]   (N inteiro positivo)");
  process.exit(2);
}

const store = await openStore(configuredDatabase());
const started = performance.now();
try {
  let batch: ThoughtInput[] = [];
  let done = 0;
  for (const thought of generateThoughts(count, seed)) {
    batch.push(thought);
    if (batch.length === BATCH) {
      await insertMany(store, batch);
      done += batch.length;
      batch = [];
      if (process.stdout.isTTY) process.stdout.write(`\r${done} / ${count}`);
    }
  }
  if (batch.length > 0) await insertMany(store, batch);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`\r${count} pensamentos adicionados em ${seconds} s (${store.dialect}).`);
} finally {
  await store.close();
}
