import { randomBytes } from "node:crypto";
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from "kysely";
import type { Thought } from "../../domain/contract";
import {
  type MemoriseMark,
  memoriseMarkSchema,
  REVIEW_DAY_TURNS_AT,
  REVIEW_PER_DAY,
  REVIEW_TIME_ZONE,
  type ReviewAnswerKind,
  type ReviewSettings,
  reviewSettingsSchema,
} from "../../domain/review-schemas";
import type { Database } from "./schema";
import type { DialectName } from "./store";
import { type FilterDialect, type ListFilter, listFilter } from "./thoughts/list-filter";
import { SearchWords } from "./thoughts/search-words";
import { thoughtColumns, toThought } from "./thoughts/thought-rows";

/**
 * A themed review's theme, as the wall's filter takes it: a label's key, an author folded, a source as
 * written (trimmed), a search's text (already long enough).
 */
export interface ReviewTheme {
  label?: string;
  author?: string;
  source?: string;
  search?: string;
}
/** A theme resolved into the list's one filter (`listFilter`), its search's words with their labels. */
export type ReviewFilter = ListFilter;

/** The settings as stored: all but the feed's address, which the token makes. */
export type StoredReviewSettings = Omit<ReviewSettings, "feedUrl">;
const storedSettingsSchema = reviewSettingsSchema.omit({ feedUrl: true });

export const DEFAULT_REVIEW_SETTINGS: StoredReviewSettings = {
  porDia: REVIEW_PER_DAY,
  viradaHora: REVIEW_DAY_TURNS_AT,
  fusoHorario: REVIEW_TIME_ZONE,
  recencia: "todos",
  pesos: { etiquetas: {}, autorias: {}, fontes: {} },
};

export interface ReviewSettingsRow {
  settings: StoredReviewSettings;
  feedToken: string;
  /** When the review was first used (epoch ms). */
  startedAt: number;
}

/** A thought the review may choose, with what its weight needs and nothing more. */
export interface ReviewCandidate {
  id: number;
  fonte: string;
  /** The author folded (authorKey): the source's group when `fonte` is empty, and the author's weight. */
  autoriaChave: string;
  favorito: boolean;
  /** Epoch ms. */
  criadoEm: number;
  /** Label keys, read only when a label has a weight. */
  labels: string[];
  /** How many thoughts share its source (fonte and author; the author's unsourced ones), capped. */
  groupSize: number;
  shownCount: number;
  shownAt: number | null;
  backAt: number | null;
}

/** What a day's or theme's stored set holds of each card. */
export interface StoredCard {
  id: number;
  tipo: "revisao" | "memorizar";
  motivo: string;
}

/** A thought marked to memorise, with its FSRS card as stored (JSON) and when it is due. */
export interface MemoriseEntry {
  id: number;
  mark: MemoriseMark;
  card: string | null;
  dueAt: number | null;
}

/** What the review knows of one thought (undefined fields: nothing yet). */
export interface ReviewStateRow {
  shownCount: number;
  shownAt: number | null;
  backAt: number | null;
  discardedAt: number | null;
  mark: MemoriseMark | null;
  card: string | null;
  dueAt: number | null;
}

/** One answer as the log keeps it (and the JSON export writes it). */
export interface ReviewLogEntry {
  pensamentoId: number;
  dia: string;
  respondidoEm: string;
  resposta: string;
  intervaloDias: number | null;
  proximaEm: string | null;
  /** ts-fsrs's own log of a memorise answer (rating, state, stability, difficulty…), for fitting later. */
  fsrs: unknown;
}

/** What an answer changes of the thought's review state, and what the log keeps of it. */
export interface AnswerDecision {
  state: Partial<Omit<ReviewStateRow, "mark">> & { mark?: MemoriseMark | null };
  intervalDays: number | null;
  dueAt: number | null;
  fsrsLog: unknown;
  /** The answer also favourites the thought ('favoritar'), in the same transaction. */
  favourite?: boolean;
}

export type RecordOutcome =
  | { status: "recorded"; thoughtId: number; answer: ReviewAnswerKind; dueAt: number | null; fresh: boolean }
  | { status: "gone" };

/** The largest group a source's count reads: past it, a source's share barely changes (1/√n). */
export const GROUP_COUNT_CAP = 250;

type Db = Kysely<Database>;
type ThoughtsEb = ExpressionBuilder<Database, "thoughts">;

const toMs = (value: number | string | null | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);

/** A new feed token: 32 random bytes, base64url (43 characters). */
export const newFeedToken = () => randomBytes(32).toString("base64url");

/**
 * The daily review's SQL (issue 41): its settings, the candidates for a day's set (the whole pool when
 * small, a uniform sample of ids when large, so a choice at 100,000 thoughts never reads every row),
 * the thoughts asked back and the memorise cards due (by their partial indexes), the stored sets, the
 * answers and their log. Reads go to `reader`, writes to `db` in transactions.
 */
export function createReviewRepository(db: Db, reader: Db, dialect: FilterDialect, name: DialectName) {
  const locks = name === "postgres";
  const words = new SearchWords();

  /** The thoughts the review leaves out of the resurfacing pool: discarded, memorised, asked back. */
  const setAside = (eb: ThoughtsEb): Expression<SqlBool> =>
    eb.not(
      eb.exists(
        eb
          .selectFrom("review_state")
          .select("review_state.thought_id")
          .whereRef("review_state.thought_id", "=", "thoughts.id")
          .where((inner) =>
            inner.or([
              inner("review_state.discarded_at", "is not", null),
              inner("review_state.memorise", "is not", null),
              inner("review_state.back_at", "is not", null),
            ]),
          ),
      ),
    );

  const candidateColumns = [
    "thoughts.id",
    "thoughts.fonte",
    "thoughts.autoria_chave",
    "thoughts.favorito",
    "thoughts.criadoEm",
  ] as const;
  type CandidateRow = {
    id: number;
    fonte: string;
    autoria_chave: string;
    favorito: number | boolean;
    criadoEm: number | string;
  };

  /** Each row's shown count and date, and its labels when asked for; the group sizes are filled by the caller. */
  async function complete(
    rows: CandidateRow[],
    { labels, everyState }: { labels: boolean; everyState?: boolean },
  ): Promise<ReviewCandidate[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => Number(row.id));
    const stateQuery = reader
      .selectFrom("review_state")
      .select(["thought_id", "shown_count", "shown_at", "back_at"]);
    const states = await (everyState ? stateQuery : stateQuery.where("thought_id", "in", ids)).execute();
    const stateOf = new Map(states.map((state) => [Number(state.thought_id), state]));
    const labelsOf = new Map<number, string[]>();
    if (labels) {
      const labelRows = await reader
        .selectFrom("thought_labels")
        .select(["thought_id", "key"])
        .where("thought_id", "in", ids)
        .execute();
      for (const row of labelRows) {
        const id = Number(row.thought_id);
        const list = labelsOf.get(id);
        if (list) list.push(row.key);
        else labelsOf.set(id, [row.key]);
      }
    }
    return rows.map((row) => {
      const id = Number(row.id);
      const state = stateOf.get(id);
      return {
        id,
        fonte: row.fonte,
        autoriaChave: row.autoria_chave,
        favorito: Boolean(row.favorito),
        criadoEm: Number(row.criadoEm),
        labels: labelsOf.get(id) ?? [],
        groupSize: 1,
        shownCount: state ? Number(state.shown_count) : 0,
        shownAt: toMs(state?.shown_at),
        backAt: toMs(state?.back_at),
      };
    });
  }

  /** The groups' sizes counted in the database, each up to GROUP_COUNT_CAP, by their index. */
  async function countGroups(candidates: ReviewCandidate[]): Promise<void> {
    const groups = new Map<string, { fonte: string; chave: string }>();
    for (const c of candidates) groups.set(groupKey(c), { fonte: c.fonte, chave: c.autoriaChave });
    if (groups.size === 0) return;
    const values = sql.join(
      [...groups.values()].map(({ fonte, chave }) => sql`(CAST(${fonte} AS TEXT), CAST(${chave} AS TEXT))`),
    );
    const { rows } = await sql<{ fonte: string; chave: string; n: number | string }>`
      WITH g(fonte, chave) AS (VALUES ${values})
      SELECT g.fonte, g.chave, (
        SELECT count(*) FROM (
          SELECT 1 FROM thoughts t WHERE t.fonte = g.fonte AND t.autoria_chave = g.chave
          LIMIT ${sql.lit(GROUP_COUNT_CAP)}
        ) AS capped
      ) AS n FROM g`.execute(reader);
    const sizes = new Map(rows.map((row) => [`${row.fonte}\u0000${row.chave}`, Number(row.n)]));
    for (const c of candidates) c.groupSize = Math.max(1, sizes.get(groupKey(c)) ?? 1);
  }

  function countGroupsFromRows(candidates: ReviewCandidate[]): void {
    const sizes = new Map<string, number>();
    for (const c of candidates) sizes.set(groupKey(c), (sizes.get(groupKey(c)) ?? 0) + 1);
    for (const c of candidates) c.groupSize = Math.min(GROUP_COUNT_CAP, sizes.get(groupKey(c)) ?? 1);
  }

  async function readSettings(): Promise<ReviewSettingsRow | undefined> {
    const row = await reader
      .selectFrom("review_settings")
      .select(["settings", "feed_token", "started_at"])
      .where("id", "=", 1)
      .executeTakeFirst();
    if (!row) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(row.settings);
    } catch {
      parsed = undefined;
    }
    const settings = storedSettingsSchema.safeParse(parsed);
    return {
      settings: settings.success ? settings.data : DEFAULT_REVIEW_SETTINGS,
      feedToken: row.feed_token,
      startedAt: Number(row.started_at),
    };
  }

  return {
    /** The theme as the list's filter: the same meaning as the wall's `etiqueta`, `autoria`, `fonte` and `q`. */
    async filterFor(theme: ReviewTheme): Promise<ReviewFilter> {
      const filter: ListFilter = {};
      if (theme.label !== undefined) filter.label = theme.label;
      if (theme.author !== undefined) filter.author = theme.author;
      if (theme.source !== undefined) filter.source = theme.source;
      if (theme.search !== undefined) {
        const state = await reader.selectFrom("wall_state").select("version").executeTakeFirst();
        filter.words = await words.of(reader, Number(state?.version ?? 0), theme.search);
      }
      return filter;
    },

    /** The settings as stored; undefined before the review's first use. */
    storedSettings: readSettings,

    /** The settings, created with the defaults and a new feed token on first use. */
    async settings(now: number): Promise<ReviewSettingsRow> {
      const found = await readSettings();
      if (found) return found;
      await db
        .insertInto("review_settings")
        .values({
          id: 1,
          settings: JSON.stringify(DEFAULT_REVIEW_SETTINGS),
          feed_token: newFeedToken(),
          started_at: now,
        })
        .onConflict((conflict) => conflict.column("id").doNothing())
        .execute();
      const created = await readSettings();
      if (!created) throw new Error("review_settings has no row after its insert");
      return created;
    },

    /** Writes the settings the change gives (read, changed and written in one transaction). */
    async changeSettings(
      now: number,
      change: (current: StoredReviewSettings) => StoredReviewSettings,
    ): Promise<ReviewSettingsRow> {
      await this.settings(now);
      await db.transaction().execute(async (trx) => {
        const read = trx.selectFrom("review_settings").select("settings").where("id", "=", 1);
        const row = await (locks ? read.forUpdate() : read).executeTakeFirstOrThrow();
        const parsed = storedSettingsSchema.safeParse(JSON.parse(row.settings));
        const next = change(parsed.success ? parsed.data : DEFAULT_REVIEW_SETTINGS);
        await trx
          .updateTable("review_settings")
          .set({ settings: JSON.stringify(next) })
          .where("id", "=", 1)
          .execute();
      });
      return this.settings(now);
    },

    /** A new feed token: the old one names nothing from now on. */
    async rotateToken(now: number): Promise<ReviewSettingsRow> {
      await this.settings(now);
      await db
        .updateTable("review_settings")
        .set({ feed_token: newFeedToken() })
        .where("id", "=", 1)
        .execute();
      return this.settings(now);
    },

    /**
     * The resurfacing pool: every thought the filter keeps but those set aside (discarded, memorised, asked
     * back), read whole when there are at most `wholeUpTo`; past that, a uniform sample of about `sample`
     * of them (random ids between the first and the last, or on a filter a seeded order), so that a choice
     * never reads every row of a large wall. Each with its group's size and its review state.
     */
    async pool(options: {
      filter?: ListFilter;
      wholeUpTo: number;
      sample: number;
      random: () => number;
      seed: number;
      labels: boolean;
    }): Promise<{ candidates: ReviewCandidate[]; whole: boolean }> {
      const { filter, wholeUpTo, sample, random, seed, labels } = options;
      const base = () =>
        reader
          .selectFrom("thoughts")
          .select(candidateColumns)
          .where(setAside)
          .$if(filter !== undefined, (query) => query.where(listFilter(filter ?? {}, dialect)));
      if (filter === undefined) {
        const state = await reader.selectFrom("wall_state").select("total").executeTakeFirst();
        const total = Number(state?.total ?? 0);
        if (total <= wholeUpTo) {
          const rows = await base()
            .limit(wholeUpTo + 1)
            .execute();
          const candidates = await complete(rows, { labels, everyState: true });
          countGroupsFromRows(candidates);
          return { candidates, whole: true };
        }
        // Each end by its own look-up in the index (SQLite reads the whole table for min and max together).
        const end = (direction: "asc" | "desc") =>
          reader.selectFrom("thoughts").select("id").orderBy("id", direction).limit(1).executeTakeFirst();
        const [firstRow, lastRow] = [await end("asc"), await end("desc")];
        const first = Number(firstRow?.id ?? 0);
        const last = Number(lastRow?.id ?? 0);
        // Drawn with a margin for the ids no longer on the wall and those set aside.
        const span = last - first + 1;
        const wanted = Math.min(span, 20 * sample, Math.ceil((1.2 * sample * span) / Math.max(1, total)));
        const ids = new Set<number>();
        while (ids.size < wanted) ids.add(first + Math.floor(random() * span));
        const rows = await base()
          .where("thoughts.id", "in", [...ids])
          .execute();
        const candidates = await complete(rows, { labels });
        await countGroups(candidates);
        return { candidates, whole: false };
      }
      const counted = await reader
        .selectFrom((eb) =>
          eb
            .selectFrom("thoughts")
            .select("thoughts.id")
            .where(listFilter(filter, dialect))
            .limit(wholeUpTo + 1)
            .as("matching"),
        )
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirst();
      const whole = Number(counted?.n ?? 0) <= wholeUpTo;
      const rows = await (whole
        ? base().limit(wholeUpTo + 1)
        : base()
            // A seeded shuffle of the matches (a multiplicative hash of the id), read as far as the sample.
            .orderBy(
              sql`(CAST(thoughts.id AS BIGINT) * 1103515245 + ${sql.lit(seed % 1_000_000_007)}) % 2147483648`,
            )
            .limit(sample)
      ).execute();
      const candidates = await complete(rows, { labels });
      await countGroups(candidates);
      return { candidates, whole };
    },

    /** The thoughts asked back for before `until` (epoch ms), earliest first, on the wall and not discarded. */
    async askedBack(until: number, limit: number, filter?: ListFilter): Promise<ReviewCandidate[]> {
      const rows = await reader
        .selectFrom("thoughts")
        .select(candidateColumns)
        .where("thoughts.id", "in", (eb) =>
          eb
            .selectFrom("review_state")
            .select("review_state.thought_id")
            .where("review_state.back_at", "<", until)
            .where("review_state.discarded_at", "is", null)
            .where("review_state.memorise", "is", null),
        )
        .$if(filter !== undefined, (query) => query.where(listFilter(filter ?? {}, dialect)))
        .limit(limit * 4)
        .execute();
      const candidates = await complete(rows, { labels: true });
      await countGroups(candidates);
      return candidates.sort((a, b) => (a.backAt ?? 0) - (b.backAt ?? 0) || a.id - b.id);
    },

    /** Thoughts added within these ranges of instants (the same calendar day of earlier years), not set aside. */
    async addedWithin(
      ranges: [number, number][],
      limit: number,
      filter?: ListFilter,
    ): Promise<ReviewCandidate[]> {
      if (ranges.length === 0) return [];
      const rows = await reader
        .selectFrom("thoughts")
        .select(candidateColumns)
        .where((eb) =>
          eb.or(
            ranges.map(([from, to]) =>
              eb.and([eb("thoughts.criadoEm", ">=", from), eb("thoughts.criadoEm", "<", to)]),
            ),
          ),
        )
        .where(setAside)
        .$if(filter !== undefined, (query) => query.where(listFilter(filter ?? {}, dialect)))
        .limit(limit)
        .execute();
      const candidates = await complete(rows, { labels: true });
      await countGroups(candidates);
      return candidates;
    },

    /** The earliest instant a thought on the wall was added (undefined on an empty wall). */
    async firstAdded(): Promise<number | undefined> {
      const row = await reader
        .selectFrom("thoughts")
        .select("criadoEm")
        .orderBy("criadoEm", "asc")
        .limit(1)
        .executeTakeFirst();
      return row ? Number(row.criadoEm) : undefined;
    },

    /** The memorise cards due before `until` (epoch ms), earliest first, on the wall and not discarded. */
    async dueMemorise(until: number, limit: number, filter?: ListFilter): Promise<MemoriseEntry[]> {
      if (limit <= 0) return [];
      const rows = await reader
        .selectFrom("review_state")
        .innerJoin("thoughts", "thoughts.id", "review_state.thought_id")
        .select([
          "review_state.thought_id",
          "review_state.memorise",
          "review_state.fsrs_card",
          "review_state.due_at",
        ])
        .where("review_state.due_at", "<", until)
        .where("review_state.memorise", "is not", null)
        .where("review_state.discarded_at", "is", null)
        .$if(filter !== undefined, (query) =>
          query.where(
            "review_state.thought_id",
            "in",
            reader
              .selectFrom("thoughts")
              .select("thoughts.id")
              .where(listFilter(filter ?? {}, dialect)),
          ),
        )
        .orderBy("review_state.due_at", "asc")
        .orderBy("review_state.thought_id", "asc")
        .limit(limit)
        .execute();
      return rows.flatMap((row) => {
        const mark = parseMark(row.memorise);
        return mark
          ? [{ id: Number(row.thought_id), mark, card: row.fsrs_card, dueAt: toMs(row.due_at) }]
          : [];
      });
    },

    async readSet(
      day: string,
      theme: string,
    ): Promise<{ cards: StoredCard[]; chosenAt: number } | undefined> {
      const row = await reader
        .selectFrom("review_sets")
        .select(["cards", "chosen_at"])
        .where("day", "=", day)
        .where("theme", "=", theme)
        .executeTakeFirst();
      return row
        ? { cards: JSON.parse(row.cards) as StoredCard[], chosenAt: Number(row.chosen_at) }
        : undefined;
    },

    /**
     * Keeps the set unless another request kept one for the same day and theme first (then that one stands,
     * and is returned); the kept set's thoughts count as shown at `now`, in the same transaction.
     */
    async saveSet(day: string, theme: string, cards: StoredCard[], now: number): Promise<StoredCard[]> {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto("review_sets")
          .values({ day, theme, cards: JSON.stringify(cards), chosen_at: now })
          .onConflict((conflict) => conflict.columns(["day", "theme"]).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
          const row = await trx
            .selectFrom("review_sets")
            .select("cards")
            .where("day", "=", day)
            .where("theme", "=", theme)
            .executeTakeFirstOrThrow();
          return JSON.parse(row.cards) as StoredCard[];
        }
        if (cards.length > 0) {
          await trx
            .insertInto("review_state")
            .values(cards.map((card) => ({ thought_id: card.id, shown_count: 1, shown_at: now })))
            .onConflict((conflict) =>
              conflict.column("thought_id").doUpdateSet((eb) => ({
                shown_count: eb("review_state.shown_count", "+", 1),
                shown_at: now,
                // Shown again: a request to see it back is fulfilled.
                back_at: null,
              })),
            )
            .execute();
        }
        return cards;
      });
    },

    /** The last stored day sets (theme ''), newest first, for the feed. */
    async recentSets(limit: number): Promise<{ day: string; cards: StoredCard[]; chosenAt: number }[]> {
      const rows = await reader
        .selectFrom("review_sets")
        .select(["day", "cards", "chosen_at"])
        .where("theme", "=", "")
        .orderBy("day", "desc")
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        day: row.day,
        cards: JSON.parse(row.cards) as StoredCard[],
        chosenAt: Number(row.chosen_at),
      }));
    },

    /** The thoughts still on the wall among these ids, by id. */
    async thoughts(ids: readonly number[]): Promise<Map<number, Thought>> {
      if (ids.length === 0) return new Map();
      const rows = await reader
        .selectFrom("thoughts")
        .select(thoughtColumns)
        .where("id", "in", [...ids])
        .execute();
      return new Map(rows.map((row) => [Number(row.id), toThought(row)]));
    },

    /** Of these thoughts, how many are on the wall and how many of those were answered on `day`: one read. */
    async progress(day: string, ids: readonly number[]): Promise<{ feitos: number; total: number }> {
      if (ids.length === 0) return { feitos: 0, total: 0 };
      const rows = await reader
        .selectFrom("thoughts")
        .select((eb) => [
          "thoughts.id",
          eb
            .exists(
              eb
                .selectFrom("review_log")
                .select("review_log.thought_id")
                .where("review_log.day", "=", day)
                .whereRef("review_log.thought_id", "=", "thoughts.id"),
            )
            .as("answered"),
        ])
        .where("thoughts.id", "in", [...ids])
        .execute();
      return { feitos: rows.filter((row) => Boolean(row.answered)).length, total: rows.length };
    },

    /** The memorise marks of these thoughts. */
    async marks(ids: readonly number[]): Promise<Map<number, MemoriseMark>> {
      if (ids.length === 0) return new Map();
      const rows = await reader
        .selectFrom("review_state")
        .select(["thought_id", "memorise"])
        .where("thought_id", "in", [...ids])
        .where("memorise", "is not", null)
        .execute();
      return new Map(
        rows.flatMap((row) => {
          const mark = parseMark(row.memorise);
          return mark ? [[Number(row.thought_id), mark] as const] : [];
        }),
      );
    },

    /** The last answer of the day to each of these thoughts. */
    async answersOn(day: string, ids: readonly number[]): Promise<Map<number, ReviewAnswerKind>> {
      if (ids.length === 0) return new Map();
      const rows = await reader
        .selectFrom("review_log")
        .select(["thought_id", "answer"])
        .where("day", "=", day)
        .where("thought_id", "in", [...ids])
        .orderBy("id", "asc")
        .execute();
      return new Map(rows.map((row) => [Number(row.thought_id), row.answer as ReviewAnswerKind]));
    },

    async state(id: number): Promise<ReviewStateRow | undefined> {
      const row = await reader
        .selectFrom("review_state")
        .selectAll()
        .where("thought_id", "=", id)
        .executeTakeFirst();
      return row ? toStateRow(row) : undefined;
    },

    /**
     * Records an answer once per request id, in one transaction: a request id already kept returns what it
     * recorded (nothing changes); a thought not on the wall is `gone`; otherwise `decide` says, from the
     * thought's state, what changes and what the log keeps.
     */
    async record(
      input: { requestId: string; thoughtId: number; answer: ReviewAnswerKind; now: number },
      decide: (state: ReviewStateRow | undefined) => Promise<AnswerDecision & { day: string }>,
    ): Promise<RecordOutcome> {
      const { requestId, thoughtId, answer, now } = input;
      const kept = async (to: Db) => {
        const row = await to
          .selectFrom("review_log")
          .select(["thought_id", "answer", "due_at"])
          .where("request_id", "=", requestId)
          .executeTakeFirst();
        return row
          ? ({
              status: "recorded",
              thoughtId: Number(row.thought_id),
              answer: row.answer as ReviewAnswerKind,
              dueAt: toMs(row.due_at),
              fresh: false,
            } as const)
          : undefined;
      };
      return db.transaction().execute(async (trx) => {
        // One read for the thought and its state. On PostgreSQL it locks the thought's row (not its key, so the
        // log's foreign key still reads it): two answers to one thought take turns, and the second decides
        // from the first's state. A request id already kept is found by the log's insert below, not read
        // first: a retry is rare, and the common answer saves a round trip.
        const read = trx
          .selectFrom("thoughts")
          .leftJoin("review_state", "review_state.thought_id", "thoughts.id")
          .select([
            "thoughts.id",
            "review_state.thought_id",
            "review_state.shown_count",
            "review_state.shown_at",
            "review_state.back_at",
            "review_state.discarded_at",
            "review_state.memorise",
            "review_state.fsrs_card",
            "review_state.due_at",
          ])
          .where("thoughts.id", "=", thoughtId);
        const found = await (locks ? read.forNoKeyUpdate("thoughts") : read).executeTakeFirst();
        // Gone now, or no longer memorised: a retry of an answer recorded before still returns what it recorded.
        if (!found) return (await kept(trx)) ?? ({ status: "gone" } as const);
        const state =
          found.thought_id === null
            ? undefined
            : toStateRow({ ...found, shown_count: found.shown_count ?? 0 });
        let decision: AnswerDecision & { day: string };
        try {
          decision = await decide(state);
        } catch (error) {
          const again = await kept(trx);
          if (again) return again;
          throw error;
        }
        const logged = await trx
          .insertInto("review_log")
          .values({
            thought_id: thoughtId,
            day: decision.day,
            answered_at: now,
            answer,
            interval_days: decision.intervalDays,
            due_at: decision.dueAt,
            request_id: requestId,
            fsrs: decision.fsrsLog === undefined ? null : JSON.stringify(decision.fsrsLog),
          })
          .onConflict((conflict) => conflict.column("request_id").doNothing())
          .executeTakeFirst();
        // Another request with the same id was recorded meanwhile (PostgreSQL waited for it): it stands.
        if (Number(logged.numInsertedOrUpdatedRows ?? 0) === 0) {
          const other = await kept(trx);
          if (other) return other;
          throw new Error("review_log refused an answer whose request id it does not hold");
        }
        if (decision.favourite) {
          // As the thoughts repository writes a favourite (updateFlags): the flag and the time of the change;
          // the wall's state and version follow by its triggers.
          await trx
            .updateTable("thoughts")
            .set({ favorito: dialect.flag(true), atualizadoEm: now })
            .where("id", "=", thoughtId)
            .execute();
        }
        const columns = stateColumns(decision.state);
        if (Object.keys(columns).length > 0) {
          await trx
            .insertInto("review_state")
            .values({ thought_id: thoughtId, shown_count: 0, ...columns })
            .onConflict((conflict) => conflict.column("thought_id").doUpdateSet(columns))
            .execute();
        }
        return { status: "recorded", thoughtId, answer, dueAt: decision.dueAt, fresh: true } as const;
      });
    },

    /** Changes a thought's review state (a memorise mark, an undone discard); false when it is not on the wall. */
    async changeState(id: number, state: AnswerDecision["state"]): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const thought = await trx.selectFrom("thoughts").select("id").where("id", "=", id).executeTakeFirst();
        if (!thought) return false;
        const columns = stateColumns(state);
        await trx
          .insertInto("review_state")
          .values({ thought_id: id, shown_count: 0, ...columns })
          .onConflict((conflict) => conflict.column("thought_id").doUpdateSet(columns))
          .execute();
        return true;
      });
    },

    /** The distinct days with an answer from `fromDay` on, in order. */
    async daysAnswered(fromDay: string): Promise<string[]> {
      const rows = await reader
        .selectFrom("review_log")
        .select("day")
        .distinct()
        .where("day", ">=", fromDay)
        .orderBy("day", "asc")
        .execute();
      return rows.map((row) => row.day);
    },

    /** Every answer in the log, oldest first, in keyset chunks (the JSON export's `revisoes`). */
    async *log(chunk = 1000): AsyncGenerator<ReviewLogEntry> {
      let last = 0;
      for (;;) {
        const rows = await reader
          .selectFrom("review_log")
          .selectAll()
          .where("id", ">", last)
          .orderBy("id", "asc")
          .limit(chunk)
          .execute();
        for (const row of rows) {
          const due = toMs(row.due_at);
          yield {
            pensamentoId: Number(row.thought_id),
            dia: row.day,
            respondidoEm: new Date(Number(row.answered_at)).toISOString(),
            resposta: row.answer,
            intervaloDias: row.interval_days === null ? null : Number(row.interval_days),
            proximaEm: due === null ? null : new Date(due).toISOString(),
            fsrs: row.fsrs === null ? null : JSON.parse(row.fsrs),
          };
        }
        const tail = rows.at(-1);
        if (!tail || rows.length < chunk) return;
        last = Number(tail.id);
      }
    },
  };
}
export type ReviewRepository = ReturnType<typeof createReviewRepository>;

/** A thought's group for its share: its source with its author, or its author's thoughts without a source. */
export const groupKey = (c: Pick<ReviewCandidate, "fonte" | "autoriaChave">) =>
  `${c.fonte}\u0000${c.autoriaChave}`;

function parseMark(text: string | null): MemoriseMark | null {
  if (text === null) return null;
  try {
    const parsed = memoriseMarkSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function toStateRow(row: {
  shown_count: number;
  shown_at: number | string | null;
  back_at: number | string | null;
  discarded_at: number | string | null;
  memorise: string | null;
  fsrs_card: string | null;
  due_at: number | string | null;
}): ReviewStateRow {
  return {
    shownCount: Number(row.shown_count),
    shownAt: toMs(row.shown_at),
    backAt: toMs(row.back_at),
    discardedAt: toMs(row.discarded_at),
    mark: parseMark(row.memorise),
    card: row.fsrs_card,
    dueAt: toMs(row.due_at),
  };
}

/** The columns a change of state writes (only those it names). */
function stateColumns(state: AnswerDecision["state"]) {
  const columns: {
    shown_count?: number;
    shown_at?: number | null;
    back_at?: number | null;
    discarded_at?: number | null;
    memorise?: string | null;
    fsrs_card?: string | null;
    due_at?: number | null;
  } = {};
  if (state.shownCount !== undefined) columns.shown_count = state.shownCount;
  if (state.shownAt !== undefined) columns.shown_at = state.shownAt;
  if (state.backAt !== undefined) columns.back_at = state.backAt;
  if (state.discardedAt !== undefined) columns.discarded_at = state.discardedAt;
  if (state.mark !== undefined) columns.memorise = state.mark === null ? null : JSON.stringify(state.mark);
  if (state.card !== undefined) columns.fsrs_card = state.card;
  if (state.dueAt !== undefined) columns.due_at = state.dueAt;
  return columns;
}
