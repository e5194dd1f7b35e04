// GET /api/etiquetas on a wall of many distinct labels (100,000 by default: 10,000 thoughts of ten labels
// each), through app.inject on SQLite and, with TEST_DATABASE_URL, on PostgreSQL: the answer's size and
// time, for the whole list (the first page since it pages) and a prefix.
// `npx tsx bench/labels-many.ts [labels]`.
import { performance } from "node:perf_hooks";
import { apiPaths } from "../src/domain/contract";
import type { DialectName } from "../src/server/db";
import { apiClient } from "../test-support/server/api-client";
import { openTestStore } from "../test-support/server/test-stores";

const LABELS = Number(process.argv[2] ?? 100_000);

async function measure(dialect: DialectName): Promise<void> {
  const test = await openTestStore(dialect);
  try {
    const thoughts = Array.from({ length: LABELS / 10 }, (_, t) => ({
      conteudo: `Pensamento ${t}`,
      autoria: "Alguém",
      modelo: "modelo1" as const,
      favorito: false,
      etiquetas: Array.from({ length: 10 }, (_, l) => `e${String(t * 10 + l).padStart(6, "0")}`),
      fonte: "",
      local: "",
      nota: "",
    }));
    await test.store.thoughts.insertMany(thoughts);
    const api = await apiClient(test.store);
    for (const url of [apiPaths.labels, `${apiPaths.labels}?prefixo=e0123`]) {
      const times: number[] = [];
      let bytes = 0;
      for (let run = 0; run < 5; run++) {
        const start = performance.now();
        const response = await api.call({ method: "GET", url });
        times.push(performance.now() - start);
        bytes = response.rawPayload.length;
      }
      times.sort((a, b) => a - b);
      console.log(
        `${dialect} ${url}: ${bytes} bytes, median ${times[2]?.toFixed(1)} ms (max ${times[4]?.toFixed(1)})`,
      );
    }
    await api.app.close();
  } finally {
    await test.cleanup();
  }
}

await measure("sqlite");
if (process.env.TEST_DATABASE_URL) await measure("postgres");
