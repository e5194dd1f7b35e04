import { useQuery } from "@tanstack/react-query";
import { apiPaths, type ReviewCard, type ReviewDay } from "../../domain/contract";
import { apiRequest } from "./client";

/**
 * The day's review as the wall and the review screen both read it: one query key, one request. Kept apart
 * from the review's other requests (api/review.ts) so that the wall's first visit carries only this.
 */

/** A themed review: a label, an author, a source or a search (the list's filters). None is the day's. */
export interface ReviewTheme {
  etiqueta?: string;
  autoria?: string;
  fonte?: string;
  q?: string;
}

export const THEME_KEYS = ["etiqueta", "autoria", "fonte", "q"] as const;

/** Not under thoughtKeys.all: a thought saved elsewhere need not fetch the review's sets again. */
export const reviewKeys = {
  all: ["revisao"] as const,
  days: () => [...reviewKeys.all, "dia"] as const,
  day: (theme: ReviewTheme = {}) => [...reviewKeys.days(), theme] as const,
  settings: () => [...reviewKeys.all, "ajustes"] as const,
  history: () => [...reviewKeys.all, "historico"] as const,
};

export function reviewUrl(theme: ReviewTheme = {}): string {
  const params = new URLSearchParams();
  for (const key of THEME_KEYS) {
    const value = theme[key]?.trim();
    if (value) params.set(key, value);
  }
  const query = params.toString();
  return query ? `${apiPaths.review}?${query}` : apiPaths.review;
}

/** Where the answers not yet told to the server wait, on this device (see api/review-answers.ts). */
export const PENDING_ANSWERS_KEY = "memoteca-revisao-respostas";

/** An answer given on this device, kept until the server has it; `conjunto` names the set it answered. */
export interface PendingAnswer {
  pedidoId: string;
  pensamentoId: number;
  resposta: ReviewCard["resposta"] & string;
  conjunto: string;
}

/** The set a card belongs to: the day's (by its date) or a theme's. */
export const setName = (day: string, theme: ReviewTheme = {}): string => `${day} ${reviewUrl(theme)}`;

export function readPendingAnswers(): PendingAnswer[] {
  try {
    const kept: unknown = JSON.parse(globalThis.localStorage?.getItem(PENDING_ANSWERS_KEY) ?? "[]");
    return Array.isArray(kept) ? (kept as PendingAnswer[]) : [];
  } catch {
    return [];
  }
}

/** The set with the answers this device gave and has not yet sent (offline, or on their way) marked done. */
export function withPendingAnswers(day: ReviewDay, theme: ReviewTheme = {}): ReviewDay {
  const name = setName(day.dia, theme);
  const pending = readPendingAnswers().filter((answer) => answer.conjunto === name);
  if (pending.length === 0) return day;
  const answered = new Map(pending.map((answer) => [answer.pensamentoId, answer.resposta]));
  return {
    ...day,
    cartoes: day.cartoes.map((card) =>
      card.resposta === null && answered.has(card.pensamento.id)
        ? { ...card, resposta: answered.get(card.pensamento.id) ?? null }
        : card,
    ),
  };
}

/**
 * The set as the server has it, with this device's unsent answers on top. Offline, the service worker
 * answers with the copy it kept when the set was first opened.
 */
export async function fetchReviewDay(theme: ReviewTheme = {}, signal?: AbortSignal): Promise<ReviewDay> {
  return withPendingAnswers((await apiRequest<ReviewDay>(reviewUrl(theme), { signal })).data, theme);
}

/** How many cards of the day's set are left, counting what was answered here but not yet told to the server. */
export function cardsLeft(day: ReviewDay): number {
  return day.cartoes.filter((card) => card.resposta === null).length;
}

/**
 * The wall's 'Revisão · 5': how many cards are left today, asked once the page has settled (wall/ReviewCount,
 * which comes with the forms' chunk), undefined until then or if it fails (the link then says 'Revisão').
 */
export function useReviewLeft(): number | undefined {
  const day = useQuery({
    queryKey: reviewKeys.day(),
    queryFn: ({ signal }) => fetchReviewDay({}, signal),
    retry: false,
  });
  return day.data ? cardsLeft(day.data) : undefined;
}
