// The library's reads beside the first page: 100,000 thoughts by 5,000 authors, each author's 20 thoughts
// in one source of its own (5,000 sources, 20 places each), on SQLite, and on PostgreSQL when
// TEST_DATABASE_URL (or BENCH_DATABASE_URL) names one, through the compiled server. `npm run bench -- library`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateThoughts } from "../scripts/seed-data";
import { apiRoutes } from "../src/domain/contract";
import { PAGE_SIZE } from "../src/domain/rules";
import type { ThoughtInput } from "../src/domain/thought";
import { openStore, type Store } from "../src/server/db";
import { insertMany } from "../src/server/db/testing";
import { whileSchemasStand } from "../test-support/server/test-stores";
import { thoughtInput } from "../test-support/thought-factory";
import { measureTarget } from "./api.bench";
import { choosePostgres, seedPostgres } from "./api-postgres";
import { formatFigure, page, type Row } from "./api-rows";
import { SEED } from "./api-seed";
import { antiForgery, startMemoteca } from "./api-servers";
import { reportBudgets } from "./budgets";

const THOUGHTS = 100_000;
const AUTHORS = 5_000;
const READ = { p50: 2, p99: 15, perSecond: 1_000 };

/** Author names with accents and both cases, so that the pt-BR order has work to do. */
const FIRST = ["Álvaro", "Ana", "Érico", "Eva", "Íris", "Otávio", "Úrsula", "Zélia", "cecília", "Ângela"];
const authorOf = (n: number) => `${FIRST[n % FIRST.length]} Sobrenome ${Math.floor(n / FIRST.length)}`;
const sourceOf = (n: number) => `Obra ${n} de ${authorOf(n)}`;

/** The generated thoughts, each by author i mod 5,000, in that author's one source, at page i div 5,000. */
function* libraryThoughts(): Generator<ThoughtInput> {
  let index = 0;
  for (const thought of generateThoughts(THOUGHTS, SEED)) {
    const author = index % AUTHORS;
    yield {
      ...thought,
      autoria: authorOf(author),
      fonte: sourceOf(author),
      local: `p. ${Math.floor(index / AUTHORS) + 1}`,
    };
    index += 1;
  }
}

const get =
  (path: string): Row["call"] =>
  (_, prefix, auth) => ({
    method: "GET",
    path: `${prefix}${path}`,
    headers: auth.cookie ? { cookie: auth.cookie } : undefined,
  });

const SOURCE = encodeURIComponent(sourceOf(1234));

const rows = (): Row[] => [
  { name: "first page", budget: READ, jsonServerCall: false, call: page(`_page=1&_limit=${PAGE_SIZE}`) },
  {
    name: "authors, the screen's first 500 (GET /api/autores)",
    budget: READ,
    jsonServerCall: false,
    call: get(`${apiRoutes.authors}?_limit=500`),
  },
  {
    name: "authors starting with 'eri'",
    budget: READ,
    jsonServerCall: false,
    call: get(`${apiRoutes.authors}?prefixo=eri`),
  },
  {
    name: "sources, first 100 (GET /api/fontes)",
    budget: READ,
    jsonServerCall: false,
    call: get(apiRoutes.sources),
  },
  {
    name: "one author's sources",
    budget: READ,
    jsonServerCall: false,
    call: get(`${apiRoutes.sources}?autoria=${encodeURIComponent(authorOf(1234))}`),
  },
  {
    name: "a source's thoughts by place (20 places)",
    budget: READ,
    jsonServerCall: false,
    call: get(`${apiRoutes.sourceThoughts}?fonte=${SOURCE}`),
  },
  {
    name: "the list's source filter (fonte=)",
    budget: READ,
    jsonServerCall: false,
    call: page(`fonte=${SOURCE}`),
  },
];

/**
 * The first read after a write (the lists grouped and sorted again), in-process: its median over 11
 * writes, for the authors and for the sources.
 */
async function afterWrites(store: Store): Promise<string[]> {
  const times = { authors: [] as number[], sources: [] as number[] };
  for (let i = 0; i < 11; i++) {
    for (const kind of ["authors", "sources"] as const) {
      await store.thoughts.create(thoughtInput({ autoria: `Nova ${i}`, fonte: `Nova fonte ${i}` }));
      const started = performance.now();
      await (kind === "authors" ? store.library.authors({ limit: 500 }) : store.library.sources({}));
      times[kind].push(performance.now() - started);
    }
  }
  return (["authors", "sources"] as const).map((kind) => {
    const sorted = times[kind].sort((a, b) => a - b);
    return `| ${kind}, the first read after a write (grouped and sorted again; in-process) | ${formatFigure(sorted[5] ?? Number.NaN)} | – | | | | | | |`;
  });
}

export async function run(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), "memoteca-bench-library-"));
  const file = join(folder, "memoteca.db");
  const failures: string[] = [];
  try {
    console.log(`Preparing ${THOUGHTS} thoughts by ${AUTHORS} authors (SQLite)…`);
    const seeding = await openStore({ kind: "sqlite", file });
    await insertMany(seeding, libraryThoughts());
    await seeding.close();
    const store = await openStore({ kind: "sqlite", file });
    const server = await startMemoteca(`file:${file}`);
    try {
      const target = { label: "SQLite", server, auth: await antiForgery(server.port), store };
      const table = await measureTarget(target, rows(), new Map(), failures);
      console.log(`\n${[...table, ...(await afterWrites(store))].join("\n")}`);
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

async function measurePostgres(url: string, from: string, failures: string[]): Promise<void> {
  console.log(`\nPreparing the same thoughts in a throwaway PostgreSQL schema (${from})…`);
  const schema = await seedPostgres(url, libraryThoughts(), 10_000);
  try {
    const pgServer = await whileSchemasStand("postgres", () => startMemoteca(schema.databaseUrl));
    try {
      const target = {
        label: "PostgreSQL",
        server: pgServer,
        auth: await antiForgery(pgServer.port),
        store: schema.store,
      };
      const table = await measureTarget(target, rows(), new Map(), failures);
      console.log(`\n${[...table, ...(await afterWrites(schema.store))].join("\n")}`);
    } finally {
      await pgServer.stop();
    }
  } finally {
    await schema.cleanup();
  }
}
