// The daily review at 100,000 thoughts (issue 41), in-process on the store, on SQLite and on PostgreSQL when
// TEST_DATABASE_URL (or a postgres:// DATABASE_URL) names one: choosing a day's set (p50 ≤ 20 ms, p99 ≤ 50 ms),
// the first read of a day (the choice kept, its thoughts read), and recording an answer (p50 ≤ 3 ms, FSRS
// included). The library is a reader's: 1,500 books of very different sizes (a few of thousands, most of a
// handful), a third of the thoughts without a source by 3,000 authors, 10 % labelled 'kindle' (weighed
// 'menos'), an author weighed 'nunca', five years of dates, 2,000 thoughts marked to memorise with their
// cards due over two months. `npm run bench -- review`.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { generateThoughts } from "../scripts/seed-data";
import type { ReviewAnswerKind } from "../src/domain/review-schemas";
import type { ThoughtInput } from "../src/domain/thought";
import { openStore, type Store } from "../src/server/db";
import { insertMany } from "../src/server/db/testing";
import { cardToText, newCard } from "../src/server/review/memorise";
import { createReview } from "../src/server/review/review-service";
import { choosePostgres, seedPostgres } from "./api-postgres";
import { SEED } from "./api-seed";
import { reportBudgets } from "./budgets";

const THOUGHTS = 100_000;
const MEMORISED = 2_000;
const DAYS = 60;
const ANSWERS = 300;
const BUDGET = { choose: { p50: 20, p99: 50 }, answer: { p50: 3 } };
const DAY = 24 * 60 * 60 * 1000;
/** Noon in São Paulo, 2027-01-01: the review's clock starts here and moves a day per choice. */
const START = Date.UTC(2027, 0, 1, 15);
const FIVE_YEARS = 5 * 365 * DAY;

/** A multiplicative hash in [0, 1): the book of each thought, the same for every database. */
const unit = (i: number) => ((i * 2654435761) % 4294967296) / 4294967296;

function* reviewThoughts(): Generator<ThoughtInput & { criadoEm: string }> {
  let i = 0;
  for (const thought of generateThoughts(THOUGHTS, SEED)) {
    // Squared, the draw crowds the first books: book 0 holds about 2,600 thoughts, book 1,499 about one.
    const book = i % 3 === 0 ? undefined : Math.floor(1500 * unit(i + 1) ** 2);
    yield {
      ...thought,
      fonte: book === undefined ? "" : `Livro ${book}`,
      autoria: book === undefined ? `Autor ${i % 3000}` : `Autora ${book % 700}`,
      etiquetas: i % 10 === 0 ? ["kindle"] : [],
      criadoEm: new Date(START - FIVE_YEARS + Math.floor((i / THOUGHTS) * FIVE_YEARS)).toISOString(),
    };
    i += 1;
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
const ms = (value: number) => value.toFixed(2);
const verdict = (value: number, limit: number) =>
  `${ms(value)} | ≤ ${limit} ${value <= limit ? "ok" : "OVER"}`;

async function prepare(store: Store): Promise<void> {
  await store.review.settings(START);
  await store.review.changeSettings(START, (current) => ({
    ...current,
    porDia: 10,
    pesos: { etiquetas: { kindle: "menos" }, autorias: { "Autor 7": "nunca" }, fontes: {} },
  }));
  const rows = Array.from({ length: MEMORISED }, (_, n) => ({
    thought_id: 1 + n * 50,
    shown_count: 0,
    memorise: JSON.stringify({ modo: "quem" }),
    fsrs_card: cardToText(newCard(START)),
    due_at: START + Math.floor((n / MEMORISED) * DAYS) * DAY,
  }));
  for (let at = 0; at < rows.length; at += 500) {
    await store.db
      .insertInto("review_state")
      .values(rows.slice(at, at + 500))
      .execute();
  }
}

async function measure(label: string, store: Store, failures: string[]): Promise<string[]> {
  await prepare(store);
  let now = START;
  const review = createReview({ store, clock: () => now });
  const chooseTimes: number[] = [];
  const firstReads: number[] = [];
  // Two warm-up days, unmeasured; then each day's choice alone, and its first read (chosen, kept, read).
  for (let day = -2; day < DAYS; day++) {
    now = START + day * DAY;
    const started = performance.now();
    await review.draft(now);
    const chose = performance.now();
    await review.today();
    const read = performance.now();
    if (day >= 0) {
      chooseTimes.push(chose - started);
      firstReads.push(read - chose);
    }
  }
  const set = (await review.today()).cartoes;
  const answers: ReviewAnswerKind[] = ["proximo", "em_breve", "favoritar", "proximo", "mais_tarde"];
  const answerTimes: number[] = [];
  for (let n = 0; n < ANSWERS; n++) {
    const memorise = n % 3 === 0;
    const id = memorise ? 1 + ((n * 7) % MEMORISED) * 50 : (set[n % set.length]?.pensamento.id ?? 2);
    const resposta: ReviewAnswerKind = memorise ? "bom" : (answers[n % answers.length] ?? "proximo");
    const started = performance.now();
    await review.answer({ pensamentoId: id, resposta, pedidoId: randomUUID() });
    if (n >= 20) answerTimes.push(performance.now() - started);
    now += 60_000;
  }
  for (const list of [chooseTimes, firstReads, answerTimes]) list.sort((a, b) => a - b);
  const rows = [
    `| ${label}: choosing a day's set (${DAYS} days, 10 cards) | ${verdict(percentile(chooseTimes, 50), BUDGET.choose.p50)} | ${verdict(percentile(chooseTimes, 99), BUDGET.choose.p99)} |`,
    `| ${label}: the day's first GET (chosen again, kept, shown counted, cards read) | ${ms(percentile(firstReads, 50))} | – | ${ms(percentile(firstReads, 99))} | – |`,
    `| ${label}: recording an answer (a third FSRS; ${ANSWERS - 20}) | ${verdict(percentile(answerTimes, 50), BUDGET.answer.p50)} | ${ms(percentile(answerTimes, 99))} | – |`,
  ];
  if (percentile(chooseTimes, 50) > BUDGET.choose.p50) failures.push(`${label}: choice p50`);
  if (percentile(chooseTimes, 99) > BUDGET.choose.p99) failures.push(`${label}: choice p99`);
  if (percentile(answerTimes, 50) > BUDGET.answer.p50) failures.push(`${label}: answer p50`);
  return rows;
}

export async function run(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), "memoteca-bench-review-"));
  const file = join(folder, "memoteca.db");
  const failures: string[] = [];
  const table = ["| what (ms) | p50 | budget | p99 | budget |", "| --- | --- | --- | --- | --- |"];
  console.log(
    `Load average at the start: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(", ")} (${THOUGHTS} thoughts)`,
  );
  try {
    console.log(`Preparing ${THOUGHTS} thoughts (SQLite)…`);
    const seeding = await openStore({ kind: "sqlite", file });
    await insertMany(seeding, reviewThoughts());
    await seeding.close();
    const store = await openStore({ kind: "sqlite", file });
    try {
      table.push(...(await measure("SQLite", store, failures)));
    } finally {
      await store.close();
    }
    const choice = choosePostgres();
    if ("url" in choice) {
      console.log(`Preparing the same thoughts in a throwaway PostgreSQL schema (${choice.from})…`);
      const schema = await seedPostgres(choice.url, reviewThoughts(), 10_000);
      try {
        table.push(...(await measure("PostgreSQL", schema.store, failures)));
      } finally {
        await schema.cleanup();
      }
    } else {
      console.log(`PostgreSQL skipped: ${choice.skipped}.`);
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  console.log(`\n${table.join("\n")}`);
  console.log(
    `Load average at the end: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(", ")}`,
  );
  reportBudgets(failures, "Every row is within its budget.");
}
