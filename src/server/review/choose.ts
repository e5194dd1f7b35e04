import { labelKey } from "../../domain/labels";
import type { ReviewWeight } from "../../domain/review-schemas";
import { authorKey } from "../../domain/search-text";
import type { MemoriseEntry, ReviewCandidate, StoredCard, StoredReviewSettings } from "../db";
import { DAY_MS } from "./review-day";

/**
 * How a day's set is chosen, after Readwise's published rules, as pure functions of what the repository
 * read (review.repository.ts) so that tests drive them with a fixed clock over simulated days:
 *
 * - a thought's base weight is its source's share (1/√n for a source of n thoughts: a book of 300 weighs
 *   √(300/5) ≈ 7.7 times a book of 5 in all, not 60 times), doubled for a favourite, times the frequency
 *   set for its labels, author and source ('nunca' keeps it out), times the recency preference;
 * - being shown lowers its chance, which recovers with time: (days since shown / horizon)², the horizon
 *   half the library's cycle and a quarter longer for each earlier showing;
 * - the coverage promise: while the pool is read whole, each thought has a deadline one and a half cycles
 *   after it was last shown (or since it could first be), and the set takes first, earliest deadline first,
 *   as many of those as keep every deadline reachable (EDF on the days ahead); in a library of 200 reviewed
 *   5 a day, no thought waits more than 56 days;
 * - before them, one 'Neste dia, há N anos' card and the thoughts asked back ('em_breve'…) whose day came;
 * - the rest by weighted sampling without replacement (Efraimidis–Spirakis keys, a seeded random);
 * - the due memorise cards fill the second half.
 */

export const FAVORITE_WEIGHT = 2;
export const FREQUENCY: Record<ReviewWeight, number> = { nunca: 0, menos: 0.4, normal: 1, mais: 2.5 };
/** With 'recentes', a thought a quarter old weighs half of a new one (1 / (1 + age / 90 days)). */
export const RECENT_DAYS = 90;
/** The cycle's margin: each thought is shown at least once every 1.4 × (pool / slots a day) days. */
export const COVERAGE_MARGIN = 1.4;
/** How much longer a thought takes to recover for each time it was shown before. */
export const RECOVERY_PER_SHOWING = 0.25;
/** A weight is never quite zero once a thought may be shown: the last thoughts of a small pool still come. */
const WEIGHT_FLOOR = 1e-6;

export interface Weighing {
  labels: Map<string, ReviewWeight>;
  authors: Map<string, ReviewWeight>;
  sources: Map<string, ReviewWeight>;
  recencia: StoredReviewSettings["recencia"];
  names: Map<string, string>;
}

/** The settings' weights by the keys the candidates carry (label keys, folded authors, trimmed sources). */
export function weighing(settings: StoredReviewSettings): Weighing {
  const names = new Map<string, string>();
  const keyed = (map: Record<string, ReviewWeight>, key: (name: string) => string, kind: string) =>
    new Map(
      Object.entries(map).map(([name, weight]) => {
        names.set(`${kind}:${key(name)}`, name);
        return [key(name), weight] as const;
      }),
    );
  return {
    labels: keyed(settings.pesos.etiquetas, labelKey, "etiqueta"),
    authors: keyed(settings.pesos.autorias, authorKey, "autoria"),
    sources: keyed(settings.pesos.fontes, (name) => name.trim(), "fonte"),
    recencia: settings.recencia,
    names,
  };
}

export const hasLabelWeights = (settings: StoredReviewSettings) =>
  Object.keys(settings.pesos.etiquetas).length > 0;

/** The thought's weight before its showings, and the name it was asked 'mais' for (for its reason). */
export function baseWeight(c: ReviewCandidate, w: Weighing, now: number): { weight: number; more?: string } {
  let weight = 1 / Math.sqrt(Math.max(1, c.groupSize));
  if (c.favorito) weight *= FAVORITE_WEIGHT;
  let more: string | undefined;
  const apply = (found: ReviewWeight | undefined, name: string) => {
    if (found === undefined) return;
    weight *= FREQUENCY[found];
    if (found === "mais" && more === undefined) more = w.names.get(name);
  };
  for (const key of c.labels) apply(w.labels.get(key), `etiqueta:${key}`);
  apply(w.authors.get(c.autoriaChave), `autoria:${c.autoriaChave}`);
  if (c.fonte !== "") apply(w.sources.get(c.fonte), `fonte:${c.fonte}`);
  if (w.recencia === "recentes") {
    const ageDays = Math.max(0, (now - c.criadoEm) / DAY_MS);
    weight /= 1 + ageDays / RECENT_DAYS;
  }
  return more === undefined ? { weight } : { weight, more };
}

/** How far a shown thought's chance has come back: 0 just after, 1 once a horizon (longer each showing) passed. */
export function recovery(
  c: Pick<ReviewCandidate, "shownAt" | "shownCount">,
  now: number,
  horizonDays: number,
): number {
  if (c.shownAt === null) return 1;
  const days = Math.max(0, (now - c.shownAt) / DAY_MS);
  const horizon = horizonDays * (1 + RECOVERY_PER_SHOWING * Math.max(0, c.shownCount - 1));
  return Math.min(1, days / horizon) ** 2;
}

/** The days a cycle of the pool takes at these slots a day, with the coverage margin. */
export const coverageDays = (poolSize: number, slots: number) =>
  Math.max(7, Math.ceil((COVERAGE_MARGIN * poolSize) / Math.max(1, slots)));

/** A seeded random in [0, 1) (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A text's 32-bit hash (FNV-1a), the seed of a day's (or a theme's) random. */
export function hashSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A span of time in pt-BR words: '3 dias', '2 semanas', '8 meses', '1 ano'. */
export function spanText(ms: number): string {
  const days = Math.floor(Math.max(0, ms) / DAY_MS);
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (days < 14) return plural(Math.max(1, days), "dia", "dias");
  if (days < 60) return plural(Math.floor(days / 7), "semana", "semanas");
  if (days < 730) return plural(Math.floor(days / 30.44), "mês", "meses");
  return plural(Math.floor(days / 365.25), "ano", "anos");
}

/** Why an ordinary card came, in one short line. */
export function reason(c: ReviewCandidate, more: string | undefined, recencia: string, now: number): string {
  if (c.favorito) return "Favorito";
  if (more !== undefined) return `Você pediu mais de ${more}`;
  const age = now - c.criadoEm;
  if (recencia === "recentes" && age < 30 * DAY_MS) {
    return age < DAY_MS ? "Adicionado hoje" : `Adicionado há ${spanText(age)}`;
  }
  if (c.shownAt !== null) return `Você não vê este há ${spanText(now - c.shownAt)}`;
  return age < DAY_MS ? "Novo, adicionado hoje" : `Ainda não revisado, adicionado há ${spanText(age)}`;
}

export const onThisDayReason = (years: number) =>
  years === 1 ? "Há 1 ano, neste dia" : `Há ${years} anos, neste dia`;
export const ASKED_BACK_REASON = "Você pediu para ver este de novo";

export interface ChoiceInput {
  /** The instant the review day began, and now (epoch ms). */
  dayStart: number;
  now: number;
  settings: StoredReviewSettings;
  /** When the review was first used: a thought never shown waits from then, or from its creation. */
  startedAt: number;
  pool: ReviewCandidate[];
  /** Whether `pool` is the whole pool (the coverage promise holds) or a sample of a large one. */
  whole: boolean;
  askedBack: ReviewCandidate[];
  /** Thoughts added on this date in earlier years, each with how many years ago. */
  onThisDay: { candidate: ReviewCandidate; years: number }[];
  /** The memorise cards due, earliest first (at most porDia). */
  memorise: MemoriseEntry[];
  /** Is the memorise card new to FSRS (never answered)? */
  isNewCard: (entry: MemoriseEntry) => boolean;
  random: () => number;
}

/** Chooses the set: resurfacing cards first, then the due memorise cards in the second half. */
export function chooseSet(input: ChoiceInput): StoredCard[] {
  const { settings, now, random } = input;
  const perDay = settings.porDia;
  const w = weighing(settings);
  const chosen = new Set<number>();
  const cards: StoredCard[] = [];
  const take = (id: number, motivo: string, tipo: StoredCard["tipo"] = "revisao") => {
    chosen.add(id);
    cards.push({ id, tipo, motivo });
  };

  const weighed = (c: ReviewCandidate) => ({ c, ...baseWeight(c, w, now) });
  const pool = input.pool.map(weighed).filter((entry) => entry.weight > 0);
  const askedBack = input.askedBack.map(weighed).filter((entry) => entry.weight > 0);
  const available = pool.length + askedBack.length + (input.onThisDay.length > 0 ? 1 : 0);
  const memoriseSlots = Math.min(input.memorise.length, Math.max(Math.floor(perDay / 2), perDay - available));
  const slots = perDay - memoriseSlots;
  const cycle = coverageDays(pool.length + askedBack.length, slots);
  const horizon = input.whole ? Math.min(365, Math.max(7, cycle / 2)) : 365;

  // One 'Neste dia, há N anos' card.
  const anniversaries = input.onThisDay
    .map(({ candidate, years }) => ({ ...weighed(candidate), years }))
    .filter((entry) => entry.weight > 0);
  if (slots > 0 && anniversaries.length > 0) {
    const [first] = weightedPick(anniversaries, 1, random);
    if (first) take(first.c.id, onThisDayReason(first.years));
  }

  // The thoughts asked back whose day came, earliest first.
  for (const entry of askedBack) {
    if (cards.length >= slots) break;
    if (!chosen.has(entry.c.id)) take(entry.c.id, ASKED_BACK_REASON);
  }

  const waiting = pool.filter((entry) => !chosen.has(entry.c.id));
  // The coverage promise: the thoughts whose deadline cannot wait.
  if (input.whole && cards.length < slots) {
    // A thought never shown waits from its creation or the review's first use, whichever is later (never
    // from a future instant: a clock set back must not push its deadline away).
    const waitsFrom = (c: ReviewCandidate) =>
      c.shownAt ?? Math.min(now, Math.max(c.criadoEm, input.startedAt));
    const deadlineOf = (c: ReviewCandidate) => waitsFrom(c) + cycle * DAY_MS;
    const byDeadline = waiting
      .map((entry) => ({ entry, deadline: deadlineOf(entry.c) }))
      .sort((a, b) => a.deadline - b.deadline || a.entry.c.id - b.entry.c.id);
    let needed = 0;
    byDeadline.forEach(({ deadline }, index) => {
      const daysLeft = Math.max(0, Math.floor((deadline - input.dayStart) / DAY_MS));
      needed = Math.max(needed, index + 1 - slots * daysLeft);
    });
    for (const { entry } of byDeadline.slice(0, Math.min(needed, slots - cards.length))) {
      take(entry.c.id, reason(entry.c, entry.more, w.recencia, now));
    }
  }

  // The rest by weight, a shown thought's chance recovering with time.
  if (cards.length < slots) {
    const rest = waiting
      .filter((entry) => !chosen.has(entry.c.id))
      .map((entry) => ({
        ...entry,
        weight: Math.max(WEIGHT_FLOOR, entry.weight * recovery(entry.c, now, horizon)),
      }));
    for (const entry of weightedPick(rest, slots - cards.length, random)) {
      take(entry.c.id, reason(entry.c, entry.more, w.recencia, now));
    }
  }

  for (const entry of input.memorise) {
    if (cards.length >= perDay) break;
    if (chosen.has(entry.id)) continue;
    take(entry.id, input.isNewCard(entry) ? "Novo para memorizar" : "Hora de lembrar", "memorizar");
  }
  return cards;
}

/** k entries drawn by weight without replacement: the k largest keys log(u) / weight (Efraimidis–Spirakis). */
export function weightedPick<T extends { weight: number }>(
  entries: readonly T[],
  k: number,
  random: () => number,
): T[] {
  if (k <= 0) return [];
  const keyed = entries.map((entry) => ({ entry, key: Math.log(1 - random()) / entry.weight }));
  keyed.sort((a, b) => b.key - a.key);
  return keyed.slice(0, k).map(({ entry }) => entry);
}
