import { timingSafeEqual } from "node:crypto";
import { apiPaths } from "../../domain/contract";
import { labelKey } from "../../domain/labels";
import {
  clozeWords,
  isMemoriseAnswer,
  LATER_DAYS,
  type MemoriseMark,
  type ReviewAnswer,
  type ReviewAnswerResult,
  type ReviewCard,
  type ReviewDay,
  type ReviewHistory,
  type ReviewQuery,
  type ReviewSettings,
  type ReviewSettingsPatch,
  reviewMessages,
} from "../../domain/review-schemas";
import { SEARCH_MIN } from "../../domain/rules";
import { authorKey, effectiveSearch } from "../../domain/search-text";
import type {
  AnswerDecision,
  ReviewFilter,
  ReviewSettingsRow,
  ReviewStateRow,
  ReviewTheme,
  Store,
  StoredCard,
  StoredReviewSettings,
} from "../db";
import { DEFAULT_REVIEW_SETTINGS } from "../db";
import { ApiError } from "../errors";
import { chooseSet, hashSeed, hasLabelWeights, seededRandom } from "./choose";
import { answerCard, cardToText, isNewCardText, newCard } from "./memorise";
import { addDays, calendarDay, dayBounds, reviewDay, sameDateInEarlierYears } from "./review-day";

/** A pool up to this size is read whole (and the coverage promise holds); past it, a sample is weighed. */
export const WHOLE_POOL_MAX = 3000;
/** How many thoughts of a large pool a choice weighs. */
export const POOL_SAMPLE = 160;
/** The history's reach: the last 12 months. */
const HISTORY_DAYS = 366;

const gone = () => new ApiError("not_found", reviewMessages.thoughtGone);

/** The theme of a themed review, normalised as the wall's filter reads it; undefined: the day's own set. */
export function themeOf(query: ReviewQuery): ReviewTheme | undefined {
  const theme: ReviewTheme = {};
  const label = labelKey(query.etiqueta ?? "");
  const author = authorKey(query.autoria ?? "");
  const source = (query.fonte ?? "").trim();
  const search = effectiveSearch(query.q, SEARCH_MIN);
  if (label) theme.label = label;
  if (author) theme.author = author;
  if (source) theme.source = source;
  if (search) theme.search = search;
  return Object.keys(theme).length > 0 ? theme : undefined;
}

/** The key a themed set is stored by ('' is the day's own set). */
const themeKey = (theme: ReviewTheme | undefined) =>
  theme === undefined
    ? ""
    : JSON.stringify([theme.label ?? null, theme.author ?? null, theme.source ?? null, theme.search ?? null]);

/** Days in a row with a review, up to today (or up to yesterday while today has none yet). */
export function streak(days: readonly string[], today: string): number {
  const answered = new Set(days);
  let day = answered.has(today) ? today : addDays(today, -1);
  let count = 0;
  while (answered.has(day)) {
    count += 1;
    day = addDays(day, -1);
  }
  return count;
}

const sameToken = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The daily review over a store: the day's set (chosen once per review day and kept, so every device sees
 * the same set and progress), a themed set, the answers, the memorise marks, the settings, the history.
 * `clock` gives epoch ms (tests move it over simulated days).
 */
export function createReview({ store, clock }: { store: Store; clock: () => number }) {
  const repo = store.review;

  const settingsOf = (row: ReviewSettingsRow): ReviewSettings => ({
    ...row.settings,
    feedUrl: `${apiPaths.reviewFeed}?token=${row.feedToken}`,
  });

  const dayOf = (settings: StoredReviewSettings, now: number) =>
    reviewDay(now, settings.fusoHorario, settings.viradaHora);

  /** Chooses a set (see choose.ts): the repository's reads, then the pure choice. */
  async function choose(row: ReviewSettingsRow, day: string, now: number, theme?: ReviewTheme) {
    const { settings, startedAt } = row;
    const { start, end } = dayBounds(day, settings.fusoHorario, settings.viradaHora);
    const random = seededRandom(hashSeed(`${day}|${themeKey(theme)}`));
    const filter: ReviewFilter | undefined = theme === undefined ? undefined : await repo.filterFor(theme);
    const firstAdded = await repo.firstAdded();
    const ranges =
      firstAdded === undefined
        ? []
        : sameDateInEarlierYears(
            day,
            Number(calendarDay(firstAdded, settings.fusoHorario).slice(0, 4)),
            settings.fusoHorario,
          );
    const [pool, askedBack, anniversaries, memorise] = await Promise.all([
      repo.pool({
        filter,
        wholeUpTo: WHOLE_POOL_MAX,
        sample: POOL_SAMPLE,
        random,
        seed: hashSeed(day),
        labels: hasLabelWeights(settings),
      }),
      repo.askedBack(end, settings.porDia, filter),
      repo.addedWithin(
        ranges.map(([from, to]): [number, number] => [from, to]),
        50,
        filter,
      ),
      repo.dueMemorise(end, settings.porDia, filter),
    ]);
    const yearsOf = (criadoEm: number) =>
      ranges.find(([from, to]) => criadoEm >= from && criadoEm < to)?.[2] ?? 1;
    return chooseSet({
      dayStart: start,
      now,
      settings,
      startedAt,
      pool: pool.candidates,
      whole: pool.whole,
      askedBack,
      onThisDay: anniversaries.map((candidate) => ({ candidate, years: yearsOf(candidate.criadoEm) })),
      memorise,
      isNewCard: (entry) => isNewCardText(entry.card),
      random,
    });
  }

  /** The stored set of the day (or the theme), chosen now if there is none yet. */
  async function setOf(
    row: ReviewSettingsRow,
    day: string,
    now: number,
    theme?: ReviewTheme,
  ): Promise<StoredCard[]> {
    const key = themeKey(theme);
    const stored = await repo.readSet(day, key);
    if (stored) return stored.cards;
    const cards = await choose(row, day, now, theme);
    // Nothing to show (an empty wall, everything discarded): nothing kept, so a thought added later today comes.
    if (cards.length === 0) return cards;
    return repo.saveSet(day, key, cards, now);
  }

  async function history(today: string): Promise<ReviewHistory> {
    const days = await repo.daysAnswered(addDays(today, -HISTORY_DAYS + 1));
    return { sequencia: streak(days, today), dias: days };
  }

  /** The day's progress, from its stored set (read beside an answer's transaction: it is not changed there). */
  async function progress(day: string, storedSet: ReturnType<typeof repo.readSet>) {
    const stored = await storedSet;
    return stored
      ? repo.progress(
          day,
          stored.cards.map((card) => card.id),
        )
      : { feitos: 0, total: 0 };
  }

  return {
    /** The set that would be chosen at `now` for the day's review, chosen but not kept (the benchmark's). */
    async draft(now: number): Promise<StoredCard[]> {
      const row = await repo.settings(now);
      return choose(row, dayOf(row.settings, now), now);
    },

    /** `GET /api/revisao`: the day's set, or a theme's. */
    async today(query: ReviewQuery = {}): Promise<ReviewDay> {
      const now = clock();
      const row = await repo.settings(now);
      const day = dayOf(row.settings, now);
      const theme = themeOf(query);
      const cards = await setOf(row, day, now, theme);
      const ids = cards.map((card) => card.id);
      const [thoughts, answers, marks, past] = await Promise.all([
        repo.thoughts(ids),
        repo.answersOn(day, ids),
        repo.marks(ids),
        history(day),
      ]);
      const cartoes: ReviewCard[] = cards.flatMap((card) => {
        const pensamento = thoughts.get(card.id);
        if (!pensamento) return [];
        const mark = card.tipo === "memorizar" ? (marks.get(card.id) ?? null) : null;
        return [
          {
            pensamento,
            motivo: card.motivo,
            tipo: mark === null ? "revisao" : "memorizar",
            memorizar: mark,
            resposta: answers.get(card.id) ?? null,
          },
        ];
      });
      return {
        dia: day,
        total: cartoes.length,
        feitos: cartoes.filter((card) => card.resposta !== null).length,
        sequencia: past.sequencia,
        cartoes,
      };
    },

    /** `POST /api/revisao/respostas`: recorded once per `pedidoId`; the day's progress after it. */
    async answer(body: ReviewAnswer): Promise<ReviewAnswerResult> {
      const now = clock();
      // The settings are read beside the answer's transaction (its day is needed only when deciding), and the
      // day's set beside that: an answer is a few round trips fewer on PostgreSQL. Before the review's first
      // use there are none stored: the defaults decide (they are what is stored then, after the answer).
      const stored = repo.storedSettings();
      const settingsNow = stored.then((row) => row?.settings ?? DEFAULT_REVIEW_SETTINGS);
      const dayNow = settingsNow.then((settings) => dayOf(settings, now));
      const storedSet = dayNow.then((day) => repo.readSet(day, ""));
      // A rejection seen here is seen again below, when awaited; until then it must not go unhandled.
      storedSet.catch(() => undefined);
      const answer = body.resposta;
      const decide = async (state: ReviewStateRow | undefined) => {
        const [settings, day] = await Promise.all([settingsNow, dayNow]);
        return { ...decideFor(state, settings, day), day };
      };
      const decideFor = (
        state: ReviewStateRow | undefined,
        settings: StoredReviewSettings,
        day: string,
      ): AnswerDecision => {
        if (isMemoriseAnswer(answer)) {
          if (!state?.mark) throw new ApiError("validation", reviewMessages.notMemorised);
          const scheduled = answerCard(state.card, now, answer);
          return {
            state: { card: cardToText(scheduled.card), dueAt: scheduled.dueAt },
            intervalDays: scheduled.intervalDays,
            dueAt: scheduled.dueAt,
            fsrsLog: scheduled.log,
          };
        }
        switch (answer) {
          case "em_breve":
          case "mais_tarde":
          case "bem_depois": {
            const days = LATER_DAYS[answer];
            const backAt = dayBounds(addDays(day, days), settings.fusoHorario, settings.viradaHora).start;
            return { state: { backAt }, intervalDays: days, dueAt: backAt, fsrsLog: undefined };
          }
          case "descartar":
            return { state: { discardedAt: now }, intervalDays: null, dueAt: null, fsrsLog: undefined };
          case "favoritar":
            return { state: {}, intervalDays: null, dueAt: null, fsrsLog: undefined, favourite: true };
          default:
            return { state: {}, intervalDays: null, dueAt: null, fsrsLog: undefined };
        }
      };
      const outcome = await repo.record(
        { requestId: body.pedidoId, thoughtId: body.pensamentoId, answer, now },
        decide,
      );
      if (outcome.status === "gone") throw gone();
      if ((await stored) === undefined) await repo.settings(now);
      const { feitos, total } = await progress(await dayNow, storedSet);
      return {
        feitos,
        total,
        proximaEm: outcome.dueAt === null ? null : new Date(outcome.dueAt).toISOString(),
      };
    },

    /** `DELETE /api/revisao/descartes/:id`: the thought may come back in a review. */
    async undiscard(id: number): Promise<void> {
      if (!(await repo.changeState(id, { discardedAt: null }))) throw gone();
    },

    /** `PUT /api/revisao/memorizar/:id`: marks it (a cloze's words must be the thought's); its FSRS card is kept. */
    async mark(id: number, mark: MemoriseMark) {
      const now = clock();
      const thought = (await repo.thoughts([id])).get(id);
      if (!thought) throw gone();
      if (mark.modo === "lacuna") {
        const count = clozeWords(thought.conteudo).length;
        if (mark.ocultas.some((index) => index >= count)) {
          throw new ApiError("validation", reviewMessages.hiddenWordPast, {
            ocultas: reviewMessages.hiddenWordPast,
          });
        }
      }
      const state = await repo.state(id);
      const card = state?.card ?? cardToText(newCard(now));
      const dueAt = state?.card ? (state.dueAt ?? now) : now;
      if (!(await repo.changeState(id, { mark, card, dueAt }))) throw gone();
      return { pensamentoId: id, memorizar: mark, proximaEm: new Date(dueAt).toISOString() };
    },

    /** `DELETE /api/revisao/memorizar/:id`: no longer memorised (its card and schedule go). */
    async unmark(id: number): Promise<void> {
      if (!(await repo.changeState(id, { mark: null, card: null, dueAt: null }))) throw gone();
    },

    async settings(): Promise<ReviewSettings> {
      return settingsOf(await repo.settings(clock()));
    },

    /** `PUT /api/revisao/ajustes`: only the fields sent change; each weight map sent replaces that map. */
    async changeSettings(patch: ReviewSettingsPatch): Promise<ReviewSettings> {
      const row = await repo.changeSettings(clock(), (current) => ({
        porDia: patch.porDia ?? current.porDia,
        viradaHora: patch.viradaHora ?? current.viradaHora,
        fusoHorario: patch.fusoHorario ?? current.fusoHorario,
        recencia: patch.recencia ?? current.recencia,
        pesos: {
          etiquetas: patch.pesos?.etiquetas ?? current.pesos.etiquetas,
          autorias: patch.pesos?.autorias ?? current.pesos.autorias,
          fontes: patch.pesos?.fontes ?? current.pesos.fontes,
        },
      }));
      return settingsOf(row);
    },

    async rotateFeedToken(): Promise<{ feedUrl: string }> {
      return { feedUrl: settingsOf(await repo.rotateToken(clock())).feedUrl };
    },

    async history(): Promise<ReviewHistory> {
      const now = clock();
      const row = await repo.settings(now);
      return history(dayOf(row.settings, now));
    },

    /**
     * The feed's days (the day's set chosen now if it was not yet), newest first, with their thoughts still
     * on the wall; undefined when the token is not the feed's.
     */
    async feed(token: string | undefined) {
      const now = clock();
      const row = await repo.settings(now);
      if (token === undefined || !sameToken(token, row.feedToken)) return undefined;
      await setOf(row, dayOf(row.settings, now), now);
      const sets = await repo.recentSets(30);
      const thoughts = await repo.thoughts([
        ...new Set(sets.flatMap((set) => set.cards.map((card) => card.id))),
      ]);
      return {
        updated: sets[0]?.chosenAt ?? now,
        days: sets.map((set) => ({
          day: set.day,
          chosenAt: set.chosenAt,
          cards: set.cards.flatMap((card) => {
            const thought = thoughts.get(card.id);
            return thought ? [{ thought, motivo: card.motivo }] : [];
          }),
        })),
      };
    },
  };
}
export type Review = ReturnType<typeof createReview>;
