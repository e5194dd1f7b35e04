import { type Card, createEmptyCard, fsrs, type Grade, Rating, type ReviewLog, State } from "ts-fsrs";
import type { MemoriseAnswerKind } from "../../domain/review-schemas";
import { DAY_MS } from "./review-day";

/**
 * The memorise cards' scheduler: ts-fsrs with its default parameters and a desired retention of 0.9 (no
 * fuzz, ts-fsrs's default, so an interval is the library's own for the same answers). A card is kept as
 * JSON (its dates as ISO text) and read back with its dates.
 */
export const scheduler = fsrs({ request_retention: 0.9 });

export const GRADES: Record<MemoriseAnswerKind, Grade> = {
  de_novo: Rating.Again,
  dificil: Rating.Hard,
  bom: Rating.Good,
  facil: Rating.Easy,
};

export const newCard = (now: number): Card => createEmptyCard(new Date(now));

export const cardToText = (card: Card): string => JSON.stringify(card);

export function cardFromText(text: string): Card {
  const parsed = JSON.parse(text) as Card & { due: string; last_review?: string };
  return {
    ...parsed,
    due: new Date(parsed.due),
    ...(parsed.last_review ? { last_review: new Date(parsed.last_review) } : {}),
  } as Card;
}

/** Whether the stored card was never answered. */
export const isNewCardText = (text: string | null) => text === null || cardFromText(text).state === State.New;

export interface Scheduled {
  card: Card;
  log: ReviewLog;
  dueAt: number;
  /** From the answer to the next due instant, in days (a learning step is a fraction of a day). */
  intervalDays: number;
}

/** The card after an answer at `now`: ts-fsrs's `next`. */
export function answerCard(stored: string | null, now: number, answer: MemoriseAnswerKind): Scheduled {
  const card = stored === null ? newCard(now) : cardFromText(stored);
  const { card: next, log } = scheduler.next(card, new Date(now), GRADES[answer]);
  const dueAt = next.due.getTime();
  return { card: next, log, dueAt, intervalDays: (dueAt - now) / DAY_MS };
}
