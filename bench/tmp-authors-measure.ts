import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateThoughts } from "../scripts/seed-data";
import { openStore } from "../src/server/db";
import { insertMany } from "../src/server/db/testing";
import { thoughtInput } from "../test-support/thought-factory";
const FIRST = ["Álvaro", "Ana", "Érico", "Eva", "Íris", "Otávio", "Úrsula", "Zélia", "cecília", "Ângela"];
const file = join(mkdtempSync(join(tmpdir(), "m-")), "m.db");
const store = await openStore({ kind: "sqlite", file });
let i = 0;
await insertMany(store, (function* () { for (const t of generateThoughts(100_000, 42)) { const a = i++ % 5000; yield { ...t, autoria: `${FIRST[a % 10]} Sobrenome ${Math.floor(a / 10)}` }; } })());
const med = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const cold: number[] = [], warm: number[] = [], group: number[] = [];
for (let k = 0; k < 3; k++) {
  await store.thoughts.create(thoughtInput({ autoria: `Nova ${k}` }));
  let s = performance.now(); await store.library.authors({ limit: 500 }); cold.push(performance.now() - s);
  s = performance.now(); await store.library.authors({ limit: 500 }); warm.push(performance.now() - s);
}
console.log({ cold: med(cold), warm: med(warm) });
await store.close();
const s2 = await openStore({ kind: "sqlite", file });
const { sql } = await import("kysely");
for (const q of [
  sql`SELECT min(autoria COLLATE BINARY) AS name, count(*) AS total FROM thoughts GROUP BY autoria_chave`,
  sql`SELECT min(autoria COLLATE BINARY) AS name, count(*) AS total, (SELECT version FROM wall_state) AS version FROM thoughts GROUP BY autoria_chave`,
  sql`EXPLAIN QUERY PLAN SELECT min(autoria COLLATE BINARY) AS name, count(*) AS total, (SELECT version FROM wall_state) AS version FROM thoughts GROUP BY autoria_chave`,
]) {
  const s = performance.now(); const r = await q.execute(s2.db); console.log(performance.now() - s, r.rows.length, r.rows.length < 10 ? r.rows : "");
}
const names = (await sql<{ name: string }>`SELECT min(autoria) AS name FROM thoughts GROUP BY autoria_chave`.execute(s2.db)).rows.map((r) => r.name);
const c = new Intl.Collator("pt-BR", { numeric: true });
let s = performance.now(); [...names].sort(c.compare); console.log("sort", performance.now() - s);
s = performance.now(); [...names].sort((a, b) => c.compare(a, b)); console.log("sort2", performance.now() - s);
await s2.close();
