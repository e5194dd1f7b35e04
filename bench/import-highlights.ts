// The importers of readers' highlights at 100,000 each: Readwise's CSV, a Kobo's KoboReader.sqlite, KOReader's
// JSON, the Kindle app's notebook (HTML) and a CSV of unknown columns with its mapping. Each file is sent
// once as a dry run (which lists its books) and once for real, to a fresh server on a fresh SQLite file (and,
// with TEST_DATABASE_URL, on a fresh PostgreSQL schema), with /api/health asked meanwhile, one check after another; the server's resident memory is sampled
// throughout. Budgets (issue 40): each import under 15 s, /api/health within 100 ms, peak memory about
// 3× the file. Like import-load.ts, the server runs from the sources of the checkout given:
//   npx tsx bench/import-highlights.ts [checkout]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { apiPaths } from "../src/domain/contract";
import {
  kindleNotebook,
  koboDatabase,
  koreaderJson,
  NOTEBOOK_HEADINGS,
  readwiseCsv,
} from "../test-support/server/highlight-files";
import { choosePostgres, seedPostgres } from "./api-postgres";
import { antiForgery } from "./api-servers";
import { reportBudgets } from "./budgets";
import { peakResidentMiB, slowestHealthWhile, startFromSources } from "./import-load";
import { peakWhile } from "./process-memory";

const COUNT = 100_000;
const BOOKS = 500;
const BUDGET_S = 15;
const HEALTH_BUDGET_MS = 100;

/** A highlight's text, unique, of a typical length (about 200 characters). */
const text = (i: number) =>
  `Destaque ${i}: ${"a leitura é uma conversa com os mais honestos homens dos séculos passados ".repeat(3)}`;
const book = (i: number) => `Livro ${i % BOOKS}`;
const author = (i: number) => `Autora ${i % BOOKS}`;

function files(): { label: string; body: Buffer; contentType: string; query?: string }[] {
  const readwise = readwiseCsv(
    Array.from({ length: COUNT }, (_, i) => ({
      highlight: text(i),
      title: book(i),
      author: author(i),
      note: i % 10 === 0 ? "Uma nota" : "",
      tags: i % 7 === 0 ? "favorito" : "",
      locationType: "location",
      location: String(i),
      at: "2021-09-13 17:21:00+00:00",
    })),
  );
  const books = Array.from({ length: BOOKS }, (_, i) => ({
    id: `livro-${i}`,
    title: book(i),
    author: author(i),
  }));
  const kobo = koboDatabase(
    books,
    Array.from({ length: COUNT }, (_, i) => ({
      volume: `livro-${i % BOOKS}`,
      type: i % 10 === 0 ? "note" : "highlight",
      text: text(i),
      annotation: i % 10 === 0 ? "Uma nota" : null,
      created: new Date(Date.UTC(2023, 0, 1) + i * 60_000).toISOString().replace("Z", ""),
    })),
  );
  const koreader = koreaderJson(
    Array.from({ length: BOOKS }, (_, b) => ({
      title: book(b),
      author: author(b),
      entries: Array.from({ length: COUNT / BOOKS }, (_, e) => ({
        text: text(b * (COUNT / BOOKS) + e),
        page: e,
        time: 1_700_000_000 + e,
        chapter: "Capítulo 1",
      })),
    })),
  );
  // The app exports one book per file: one big book.
  const notebook = kindleNotebook(
    "Um livro enorme",
    "Autora Única",
    Array.from({ length: COUNT }, (_, i) => ({
      kind: "highlight" as const,
      heading: NOTEBOOK_HEADINGS.en.highlight(i, i * 10),
      text: text(i),
    })),
  );
  const mapped = Buffer.from(
    `Frase,Quem,Obra\n${Array.from({ length: COUNT }, (_, i) => `"${text(i)}",${author(i)},${book(i)}`).join("\n")}\n`,
  );
  const mapa = encodeURIComponent(JSON.stringify({ conteudo: "Frase", autoria: "Quem", fonte: "Obra" }));
  return [
    { label: "Readwise CSV", body: readwise, contentType: "text/csv" },
    { label: "Kobo KoboReader.sqlite", body: kobo, contentType: "application/octet-stream" },
    { label: "KOReader JSON (500 books)", body: koreader, contentType: "application/json" },
    { label: "Kindle notebook HTML", body: notebook, contentType: "text/html" },
    { label: "CSV of unknown columns, mapped", body: mapped, contentType: "text/csv", query: `mapa=${mapa}` },
  ];
}

async function send(port: number, body: Buffer, contentType: string, query: string) {
  const headers = { ...(await antiForgery(port)), "content-type": contentType };
  const started = performance.now();
  try {
    const response = await fetch(`http://127.0.0.1:${port}${apiPaths.import}${query}`, {
      method: "POST",
      headers,
      body,
    });
    const answer = (await response.json()) as { imported?: number };
    return {
      status: String(response.status),
      imported: answer.imported,
      seconds: (performance.now() - started) / 1000,
    };
  } catch (error) {
    // Reported, not thrown: the other files are still measured.
    const cause =
      error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    return {
      status: `no answer (${cause})`,
      imported: undefined,
      seconds: (performance.now() - started) / 1000,
    };
  }
}

/** A fresh, empty database for one file: its URL for the server, and how to drop it afterwards. */
interface EmptyDatabase {
  url: string;
  drop(): Promise<void>;
}

function emptySqlite(): EmptyDatabase {
  const folder = mkdtempSync(join(tmpdir(), "memoteca-import-highlights-"));
  return {
    url: `file:${join(folder, "memoteca.db")}`,
    drop: async () => rmSync(folder, { recursive: true, force: true }),
  };
}

async function emptyPostgres(url: string): Promise<EmptyDatabase> {
  const schema = await seedPostgres(url, [], 1);
  return { url: schema.databaseUrl, drop: schema.cleanup };
}

async function measure(
  checkout: string,
  file: ReturnType<typeof files>[number],
  database: { label: string; empty: () => Promise<EmptyDatabase> },
): Promise<string | undefined> {
  const empty = await database.empty();
  const server = await startFromSources(checkout, empty.url);
  try {
    const extra = file.query ? `&${file.query}` : "";
    const dry = await slowestHealthWhile(
      server.port,
      send(server.port, file.body, file.contentType, `?dryRun=true${extra}`),
    );
    const { result, beforeMiB, peakMiB } = await peakWhile(server.pid, () =>
      slowestHealthWhile(
        server.port,
        send(server.port, file.body, file.contentType, file.query ? `?${file.query}` : ""),
      ),
    );
    const real = result.result;
    const size = file.body.length / 2 ** 20;
    const grown = peakMiB - beforeMiB;
    const within =
      real.seconds < BUDGET_S && Math.max(result.slowestMs, dry.slowestMs) <= HEALTH_BUDGET_MS ? "yes" : "NO";
    console.log(
      `| ${database.label} | ${file.label} | ${size.toFixed(1)} MiB | ${dry.result.status} in ${dry.result.seconds.toFixed(2)} s | ` +
        `${real.status}, ${real.imported} in ${real.seconds.toFixed(2)} s | ` +
        `${Math.max(result.slowestMs, dry.slowestMs).toFixed(0)} ms | ${beforeMiB.toFixed(0)} → ${peakMiB.toFixed(0)} MiB ` +
        `(+${grown.toFixed(0)}, ${(grown / size).toFixed(1)}× the file; high-water ${peakResidentMiB(server.pid).toFixed(0)}) | ${within} |`,
    );
    return within === "yes"
      ? undefined
      : `${database.label}, ${file.label}: import ${real.status} in ${real.seconds.toFixed(2)} s, slowest /api/health ${Math.max(result.slowestMs, dry.slowestMs).toFixed(0)} ms`;
  } finally {
    server.child.kill("SIGTERM");
    await new Promise((done) => server.child.once("exit", done));
    await empty.drop();
  }
}

export async function run(checkout = fileURLToPath(new URL("../", import.meta.url))): Promise<void> {
  const postgres = choosePostgres();
  const databases = [{ label: "SQLite", empty: async () => emptySqlite() }];
  if ("url" in postgres) databases.push({ label: "PostgreSQL", empty: () => emptyPostgres(postgres.url) });
  const names = databases.map((database) => database.label).join(" and ");
  console.log(`Server from ${checkout}; ${COUNT.toLocaleString("en")} highlights a file, ${names}\n`);
  if ("skipped" in postgres) console.log(`PostgreSQL skipped: ${postgres.skipped}.\n`);
  console.log(
    `| database | file | size | dry run | import | slowest /api/health | resident memory | within ${BUDGET_S} s and ${HEALTH_BUDGET_MS} ms |`,
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
  const all = files();
  const failures: string[] = [];
  for (const database of databases) {
    for (const file of all) {
      const failure = await measure(checkout, file, database);
      if (failure) failures.push(failure);
    }
  }
  reportBudgets(failures, "Every reader's file imports within its budgets.");
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await run(process.argv[2] ? resolve(process.argv[2]) : undefined);
}
