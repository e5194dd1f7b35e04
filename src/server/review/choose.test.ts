import { describe, expect, it } from "vitest";
import type { ReviewCandidate, StoredReviewSettings } from "../db";
import { DEFAULT_REVIEW_SETTINGS } from "../db";
import {
  baseWeight,
  chooseSet,
  FAVORITE_WEIGHT,
  hashSeed,
  reason,
  recovery,
  seededRandom,
  spanText,
  weighing,
  weightedPick,
} from "./choose";
import { DAY_MS } from "./review-day";

const START = Date.UTC(2026, 0, 1, 12);

const candidate = (id: number, overrides: Partial<ReviewCandidate> = {}): ReviewCandidate => ({
  id,
  fonte: "",
  autoriaChave: "autoria",
  favorito: false,
  criadoEm: START - 400 * DAY_MS,
  labels: [],
  groupSize: 1,
  shownCount: 0,
  shownAt: null,
  backAt: null,
  ...overrides,
});

const settings = (overrides: Partial<StoredReviewSettings> = {}): StoredReviewSettings => ({
  ...DEFAULT_REVIEW_SETTINGS,
  ...overrides,
});

/** How often each id is drawn first among the entries, over many seeded draws. */
function firstDraws<T extends { weight: number; id: number }>(
  entries: T[],
  draws = 20_000,
): Map<number, number> {
  const random = seededRandom(7);
  const counts = new Map<number, number>();
  for (let i = 0; i < draws; i++) {
    const [first] = weightedPick(entries, 1, random);
    if (first) counts.set(first.id, (counts.get(first.id) ?? 0) + 1);
  }
  return counts;
}

describe("the review's weights", () => {
  it("gives a source its share: a book of 300 weighs √(300/5) times a book of 5 in all, not 60 times", () => {
    const w = weighing(settings());
    const big = baseWeight(candidate(1, { fonte: "Grande", groupSize: 300 }), w, START).weight;
    const small = baseWeight(candidate(2, { fonte: "Pequeno", groupSize: 5 }), w, START).weight;
    expect((300 * big) / (5 * small)).toBeCloseTo(Math.sqrt(300 / 5), 5);
    // Drawn from a library of those two books, the small one comes up far more than its 5 of 305 thoughts.
    const entries = [
      ...Array.from({ length: 300 }, (_, i) => ({ id: 1, weight: big, n: i })),
      ...Array.from({ length: 5 }, (_, i) => ({ id: 2, weight: small, n: i })),
    ];
    const counts = firstDraws(entries, 3_000);
    const smallShare = (counts.get(2) ?? 0) / 3_000;
    expect(smallShare).toBeGreaterThan(0.08);
    expect(smallShare).toBeLessThan(0.15);
  });

  it("weighs a favourite double, and the labels', authors' and sources' frequencies ('nunca' is zero)", () => {
    const w = weighing(
      settings({
        pesos: {
          etiquetas: { Kindle: "menos", Poesia: "mais" },
          autorias: { "Clarice Lispector": "nunca" },
          fontes: {},
        },
      }),
    );
    const plain = baseWeight(candidate(1), w, START).weight;
    expect(baseWeight(candidate(2, { favorito: true }), w, START).weight).toBe(plain * FAVORITE_WEIGHT);
    expect(baseWeight(candidate(3, { labels: ["kindle"] }), w, START).weight).toBeCloseTo(plain * 0.4);
    const more = baseWeight(candidate(4, { labels: ["poesia"] }), w, START);
    expect(more.weight).toBeCloseTo(plain * 2.5);
    expect(more.more).toBe("Poesia");
    expect(baseWeight(candidate(5, { autoriaChave: "clarice lispector" }), w, START).weight).toBe(0);
  });

  it("prefers recent thoughts with 'recentes' and weighs every age alike with 'todos'", () => {
    const old = candidate(1, { criadoEm: START - 360 * DAY_MS });
    const fresh = candidate(2, { criadoEm: START - DAY_MS });
    const all = weighing(settings());
    expect(baseWeight(old, all, START).weight).toBe(baseWeight(fresh, all, START).weight);
    const recent = weighing(settings({ recencia: "recentes" }));
    expect(baseWeight(fresh, recent, START).weight).toBeGreaterThan(
      4 * baseWeight(old, recent, START).weight,
    );
  });

  it("lowers a thought's chance when it is shown, more for each showing, and lets it recover with time", () => {
    const horizon = 20;
    expect(recovery({ shownAt: null, shownCount: 0 }, START, horizon)).toBe(1);
    expect(recovery({ shownAt: START, shownCount: 1 }, START, horizon)).toBe(0);
    const recoveredAfter = (days: number, count: number) =>
      recovery({ shownAt: START - days * DAY_MS, shownCount: count }, START, horizon);
    expect(recoveredAfter(5, 1)).toBeCloseTo(1 / 16);
    expect(recoveredAfter(10, 1)).toBeCloseTo(1 / 4);
    expect(recoveredAfter(20, 1)).toBe(1);
    // Shown five times, it takes twice as long to come back.
    expect(recoveredAfter(20, 5)).toBeCloseTo(1 / 4);
    expect(recoveredAfter(40, 5)).toBe(1);
  });

  it("draws by weight without replacement", () => {
    const counts = firstDraws([
      { id: 1, weight: 1 },
      { id: 2, weight: 3 },
    ]);
    expect((counts.get(2) ?? 0) / 20_000).toBeCloseTo(0.75, 1);
    const three = weightedPick(
      [1, 2, 3].map((id) => ({ id, weight: 1 })),
      3,
      seededRandom(1),
    );
    expect(new Set(three.map((entry) => entry.id)).size).toBe(3);
  });

  it("says why each card came in one short line", () => {
    expect(spanText(3 * DAY_MS)).toBe("3 dias");
    expect(spanText(DAY_MS)).toBe("1 dia");
    expect(spanText(20 * DAY_MS)).toBe("2 semanas");
    expect(spanText(245 * DAY_MS)).toBe("8 meses");
    expect(spanText(800 * DAY_MS)).toBe("2 anos");
    const seen = candidate(1, { shownAt: START - 245 * DAY_MS, shownCount: 1 });
    expect(reason(seen, undefined, "todos", START)).toBe("Você não vê este há 8 meses");
    expect(reason(candidate(2, { favorito: true }), undefined, "todos", START)).toBe("Favorito");
    expect(reason(candidate(3), "Poesia", "todos", START)).toBe("Você pediu mais de Poesia");
    expect(reason(candidate(4, { criadoEm: START - 60 * DAY_MS }), undefined, "todos", START)).toBe(
      "Ainda não revisado, adicionado há 1 mês",
    );
  });
});

describe("choosing a day's set", () => {
  const choose = (
    pool: ReviewCandidate[],
    now: number,
    overrides: Partial<Parameters<typeof chooseSet>[0]> = {},
  ) =>
    chooseSet({
      dayStart: now,
      now,
      settings: settings(),
      startedAt: START,
      pool,
      whole: true,
      askedBack: [],
      onThisDay: [],
      memorise: [],
      isNewCard: () => true,
      random: seededRandom(hashSeed(String(now))),
      ...overrides,
    });

  it("puts one 'Neste dia' card first, then the thoughts asked back, and the due memorise cards last", () => {
    const pool = Array.from({ length: 20 }, (_, i) => candidate(i + 1));
    const cards = choose(pool, START, {
      settings: settings({ porDia: 6 }),
      onThisDay: [{ candidate: candidate(100), years: 2 }],
      askedBack: [candidate(101, { backAt: START })],
      memorise: [
        { id: 102, mark: { modo: "quem" }, card: null, dueAt: START },
        { id: 103, mark: { modo: "quem" }, card: null, dueAt: START },
        { id: 104, mark: { modo: "quem" }, card: null, dueAt: START },
        { id: 105, mark: { modo: "quem" }, card: null, dueAt: START },
      ],
    });
    expect(cards).toHaveLength(6);
    expect(cards[0]).toEqual({ id: 100, tipo: "revisao", motivo: "Há 2 anos, neste dia" });
    expect(cards[1]).toEqual({ id: 101, tipo: "revisao", motivo: "Você pediu para ver este de novo" });
    // Half the set is memorise cards, in the second half.
    expect(cards.slice(3).map((card) => card.tipo)).toEqual(["memorizar", "memorizar", "memorizar"]);
    expect(cards.slice(0, 3).every((card) => card.tipo === "revisao")).toBe(true);
  });

  it("shows each thought of a library of 200 within 60 days at 5 a day, whatever its source or favour", () => {
    // A library as a reader's: a book of 120 highlights, ten of 5, thirty loose quotes, a few favourites.
    const library = Array.from({ length: 200 }, (_, i) =>
      candidate(i + 1, {
        fonte: i < 120 ? "Grande livro" : i < 170 ? `Livro ${Math.floor((i - 120) / 5)}` : "",
        autoriaChave: i < 170 ? "autora" : `autor ${i}`,
        favorito: i % 17 === 0,
        criadoEm: START - (200 - i) * DAY_MS,
      }),
    );
    const sizes = new Map<string, number>();
    for (const c of library)
      sizes.set(c.fonte || c.autoriaChave, (sizes.get(c.fonte || c.autoriaChave) ?? 0) + 1);
    for (const c of library) c.groupSize = sizes.get(c.fonte || c.autoriaChave) ?? 1;
    const lastShown = new Map<number, number>();
    const longest = new Map<number, number>();
    const days = 180;
    for (let day = 0; day < days; day++) {
      const now = START + day * DAY_MS;
      const cards = choose(library, now);
      expect(cards).toHaveLength(5);
      for (const card of cards) {
        const c = library[card.id - 1];
        if (!c) throw new Error(`no thought ${card.id}`);
        c.shownAt = now;
        c.shownCount += 1;
        const since = lastShown.get(card.id) ?? -1;
        longest.set(card.id, Math.max(longest.get(card.id) ?? 0, day - since));
        lastShown.set(card.id, day);
      }
    }
    for (const c of library) {
      const tail = days - (lastShown.get(c.id) ?? -1);
      expect(Math.max(longest.get(c.id) ?? days, tail), `thought ${c.id}`).toBeLessThanOrEqual(60);
    }
    // The weights still show: a favourite comes more often than a thought of the big book.
    const shown = (ids: number[]) =>
      ids.reduce((sum, id) => sum + (library[id - 1]?.shownCount ?? 0), 0) / ids.length;
    const favourites = library.filter((c) => c.favorito).map((c) => c.id);
    const bigBook = library.filter((c) => c.fonte === "Grande livro" && !c.favorito).map((c) => c.id);
    expect(shown(favourites)).toBeGreaterThan(shown(bigBook));
  });
});
