import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";
import { apiPaths, type ReviewCard, type ReviewDay } from "../../domain/contract";
import { afterNextPaint } from "./after-paint";
import { ApiRequestError, apiRequest } from "./client";
import { backoff } from "./outbox/outbox";
import { newUuid } from "./outbox/uuid";
import {
  PENDING_ANSWERS_KEY,
  type PendingAnswer,
  type ReviewTheme,
  readPendingAnswers,
  reviewKeys,
  setName,
} from "./review-day";
import { thoughtKeys } from "./thoughts";

/**
 * The review's answers, sent in the background: the next card is drawn at once, never after the server
 * answers. Each answer is kept on the device (localStorage) under its request id until the server has it,
 * so an answer given offline is sent when the connection returns, and the server counts a repeat once.
 */

type Listener = () => void;
const listeners = new Set<Listener>();
/** The answers on their way, by request id, each with its request. */
const inFlight = new Map<string, Promise<unknown>>();

function writePending(answers: PendingAnswer[]): void {
  try {
    if (answers.length === 0) localStorage.removeItem(PENDING_ANSWERS_KEY);
    else localStorage.setItem(PENDING_ANSWERS_KEY, JSON.stringify(answers));
  } catch {
    // A full or refused storage: the answer is still sent now, only not kept for later.
  }
  for (const listener of listeners) listener();
}

const forget = (pedidoId: string) =>
  writePending(readPendingAnswers().filter((answer) => answer.pedidoId !== pedidoId));

/** An answer that no retry can help (the thought is gone, the answer refused): dropped, not sent again. */
const hopeless = (error: unknown) =>
  error instanceof ApiRequestError &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 401 &&
  error.status !== 408 &&
  error.status !== 429;

/** Sends that failed in a row, for the wait before the next try (the outbox's backoff). */
let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * A send failed while the browser says it is online (the connection not really back yet, a server
 * restarting): tried again later by itself, since nothing else may come to send it (the reader has
 * left the review open on its closing screen). Offline, the connection's return sends it instead.
 */
function retryLater(): void {
  if (retryTimer !== undefined || !navigator.onLine) return;
  failures += 1;
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    void sendPendingAnswers();
  }, backoff(failures));
}

/**
 * Sends every kept answer not already on its way; resolves with those the server took. Without a
 * connection they stay kept, for the next try (the connection's return, the next answer, the next visit).
 */
export async function sendPendingAnswers(): Promise<PendingAnswer[]> {
  const sent: PendingAnswer[] = [];
  const send = async (answer: PendingAnswer) => {
    try {
      const { pedidoId, pensamentoId, resposta } = answer;
      await apiRequest(apiPaths.reviewAnswers, {
        method: "POST",
        body: JSON.stringify({ pensamentoId, resposta, pedidoId }),
      });
      sent.push(answer);
      forget(pedidoId);
      failures = 0;
    } catch (error) {
      if (hopeless(error)) forget(answer.pedidoId);
      else retryLater();
    } finally {
      inFlight.delete(answer.pedidoId);
    }
  };
  const requests = readPendingAnswers()
    .filter((answer) => !inFlight.has(answer.pedidoId))
    .map((answer) => {
      const request = send(answer);
      inFlight.set(answer.pedidoId, request);
      return request;
    });
  await Promise.all(requests);
  return sent;
}

/** Resolves once the answers on their way have their outcome (an undo must come after its answer). */
export async function answersSettled(): Promise<void> {
  await Promise.all(inFlight.values());
}

/** Whether an answer is still kept, unsent; for 'Desfazer', which then takes it back instead of undoing it. */
export function takeBackPending(pensamentoId: number, conjunto: string): boolean {
  const pending = readPendingAnswers();
  const kept = pending.find(
    (answer) =>
      answer.pensamentoId === pensamentoId && answer.conjunto === conjunto && !inFlight.has(answer.pedidoId),
  );
  if (!kept) return false;
  writePending(pending.filter((answer) => answer !== kept));
  return true;
}

function subscribePendingAnswers(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How many answers wait on this device for the server (offline, or on their way). */
export function usePendingAnswerCount(): number {
  return useSyncExternalStore(
    subscribePendingAnswers,
    () => readPendingAnswers().length,
    () => 0,
  );
}

if (typeof window !== "undefined") {
  window.addEventListener("online", () => {
    // The connection is back: a send waiting for its retry goes now.
    clearTimeout(retryTimer);
    retryTimer = undefined;
    failures = 0;
    void sendPendingAnswers();
  });
}

/** The card's answer in the cached set, and the set's progress with it. */
export function withAnswer(
  day: ReviewDay,
  pensamentoId: number,
  resposta: ReviewCard["resposta"],
): ReviewDay {
  const cartoes = day.cartoes.map((card) =>
    card.pensamento.id === pensamentoId ? { ...card, resposta } : card,
  );
  return { ...day, cartoes, feitos: cartoes.filter((card) => card.resposta !== null).length };
}

function afterSent(client: QueryClient, sent: PendingAnswer[]) {
  // A favourite is the wall's too; a discard or a memorise answer changes nothing the wall shows.
  if (sent.some((answer) => answer.resposta === "favoritar")) {
    void client.invalidateQueries({ queryKey: thoughtKeys.all });
  }
  if (sent.length > 0) void client.invalidateQueries({ queryKey: reviewKeys.history(), refetchType: "none" });
}

/**
 * Answers a card: marked done in the cached set at once (the screen draws the next card in the same
 * task), kept on the device, sent in the background.
 */
export function useAnswerCard(theme: ReviewTheme) {
  const client = useQueryClient();
  return useCallback(
    (day: ReviewDay, card: ReviewCard, resposta: PendingAnswer["resposta"]) => {
      const pensamentoId = card.pensamento.id;
      client.setQueryData<ReviewDay>(reviewKeys.day(theme), (data) =>
        data ? withAnswer(data, pensamentoId, resposta) : data,
      );
      writePending([
        ...readPendingAnswers(),
        { pedidoId: newUuid(), pensamentoId, resposta, conjunto: setName(day.dia, theme) },
      ]);
      // Sent once the next card is painted: the request's own work never delays it.
      void afterNextPaint()
        .then(sendPendingAnswers)
        .then((sent) => afterSent(client, sent));
    },
    [client, theme],
  );
}

/** Sends what an earlier visit left unsent, once the review screen opens. */
export function useSendLeftAnswers() {
  const client = useQueryClient();
  return useCallback(() => void sendPendingAnswers().then((sent) => afterSent(client, sent)), [client]);
}
