import { HttpResponse, type HttpResponseResolver, http, type PathParams } from "msw";
import type { z } from "zod";
import {
  API_PREFIX,
  apiPaths,
  apiRoutes,
  type MemoriseMark,
  type ReviewAnswerResult,
  type ReviewCard,
  type ReviewDay,
  type ReviewSettings,
  type Thought,
} from "../../domain/contract";
import { listQuerySchema, thoughtIdSchema } from "../../domain/contract-schemas";
import { toListQuery } from "../../domain/list-query";
import {
  clozeWords,
  isMemoriseAnswer,
  memoriseMarkSchema,
  REVIEW_PER_DAY,
  REVIEW_TIME_ZONE,
  type ReviewAnswerKind,
  reviewAnswerSchema,
  reviewMessages,
  reviewQuerySchema,
  reviewSettingsPatchSchema,
} from "../../domain/review-schemas";
import { errorAnswer } from "./answers";
import type { ThoughtStore } from "./thought-store";

type Route = <Params extends PathParams>(
  answer: HttpResponseResolver<Params>,
) => HttpResponseResolver<Params>;

const defaultSettings = (): ReviewSettings => ({
  porDia: REVIEW_PER_DAY,
  viradaHora: 4,
  fusoHorario: REVIEW_TIME_ZONE,
  recencia: "todos",
  pesos: { etiquetas: {}, autorias: {}, fontes: {} },
  feedUrl: `${apiPaths.reviewFeed}?token=token-1`,
});

/**
 * The review's side of the fake API: the day's set drawn once (the oldest thoughts first, as many as the
 * settings say), the answers counted once per request id, the discards, the memorise marks, the settings
 * checked by the contract's schemas, the history. Its day is fixed ('2026-11-27' unless a test moves it).
 */
export class ReviewFake {
  today = "2026-11-27";
  settings = defaultSettings();
  #set: number[] | undefined;
  #answers = new Map<number, ReviewAnswerKind>();
  #requests = new Map<string, ReviewAnswerResult>();
  discarded = new Set<number>();
  memorised = new Map<number, MemoriseMark>();
  history = { sequencia: 0, dias: [] as string[] };
  #token = 1;

  clear(): void {
    this.today = "2026-11-27";
    this.settings = defaultSettings();
    this.#set = undefined;
    this.#answers.clear();
    this.#requests.clear();
    this.discarded.clear();
    this.memorised.clear();
    this.history = { sequencia: 0, dias: [] };
    this.#token = 1;
  }

  /** The answers the server took today, by thought. */
  answers(): Map<number, ReviewAnswerKind> {
    return new Map(this.#answers);
  }

  card(thought: Thought, resposta: ReviewAnswerKind | null): ReviewCard {
    const mark = this.memorised.get(thought.id) ?? null;
    return {
      pensamento: thought,
      motivo: mark ? "Para memorizar" : thought.favorito ? "Favorito" : "Você não vê este há 8 meses",
      tipo: mark ? "memorizar" : "revisao",
      memorizar: mark,
      resposta,
    };
  }

  day(store: ThoughtStore): ReviewDay {
    this.#set ??= store
      .all()
      .reverse()
      .filter((thought) => !this.discarded.has(thought.id))
      .slice(0, this.settings.porDia)
      .map((thought) => thought.id);
    const cartoes = this.#set.flatMap((id) => {
      const thought = store.get(id);
      return thought ? [this.card(thought, this.#answers.get(id) ?? null)] : [];
    });
    return {
      dia: this.today,
      total: cartoes.length,
      feitos: cartoes.filter((card) => card.resposta !== null).length,
      sequencia: this.history.sequencia,
      cartoes,
    };
  }

  theme(store: ThoughtStore, params: URLSearchParams): ReviewDay {
    const query = toListQuery(listQuerySchema.parse({ ...Object.fromEntries(params), _limit: "100" }));
    const cartoes = store
      .list(query)
      .items.filter((thought) => !this.discarded.has(thought.id))
      .slice(0, this.settings.porDia)
      .map((thought) => this.card(thought, null));
    return { dia: this.today, total: cartoes.length, feitos: 0, sequencia: this.history.sequencia, cartoes };
  }

  answer(store: ThoughtStore, pensamentoId: number, resposta: ReviewAnswerKind, pedidoId: string) {
    const repeated = this.#requests.get(pedidoId);
    if (repeated) return repeated;
    if (!store.get(pensamentoId)) return undefined;
    if (resposta === "favoritar") store.update(pensamentoId, { favorito: true });
    if (resposta === "descartar") this.discarded.add(pensamentoId);
    if (this.#set?.includes(pensamentoId)) this.#answers.set(pensamentoId, resposta);
    if (!this.history.dias.includes(this.today)) {
      this.history.dias.push(this.today);
      this.history.sequencia += 1;
    }
    const day = this.day(store);
    const result = { feitos: day.feitos, total: day.total, proximaEm: null };
    this.#requests.set(pedidoId, result);
    return result;
  }

  rotate(): string {
    this.#token += 1;
    this.settings.feedUrl = `${apiPaths.reviewFeed}?token=token-${this.#token}`;
    return this.settings.feedUrl;
  }
}

function validation(error: z.ZodError) {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join(".") || "_"] ??= issue.message;
  return errorAnswer("validation", error.issues[0]?.message ?? "Dados inválidos.", fields);
}

async function bodyOf(request: Request): Promise<unknown> {
  try {
    return await request.clone().json();
  } catch {
    return undefined;
  }
}

const thoughtGone = () => errorAnswer("not_found", reviewMessages.thoughtGone);
const idOf = (params: { id?: string | readonly string[] }) => thoughtIdSchema.safeParse(params.id).data;

/** The review API over the store, as the contract (CONTRACT-41) has the real server answer it. */
export function reviewHandlers(store: ThoughtStore, review: ReviewFake, route: Route) {
  return [
    http.get(
      apiPaths.review,
      route(({ request }) => {
        const params = new URL(request.url).searchParams;
        const query = reviewQuerySchema.safeParse(Object.fromEntries(params));
        if (!query.success) return validation(query.error);
        const themed = Object.values(query.data).some((value) => value !== undefined);
        return HttpResponse.json(themed ? review.theme(store, params) : review.day(store));
      }),
    ),

    http.post(
      apiPaths.reviewAnswers,
      route(async ({ request }) => {
        const body = reviewAnswerSchema.safeParse(await bodyOf(request));
        if (!body.success) return validation(body.error);
        const { pensamentoId, resposta, pedidoId } = body.data;
        if (isMemoriseAnswer(resposta) && store.get(pensamentoId) && !review.memorised.has(pensamentoId)) {
          return errorAnswer("validation", reviewMessages.notMemorised);
        }
        const result = review.answer(store, pensamentoId, resposta, pedidoId);
        return result ? HttpResponse.json(result) : thoughtGone();
      }),
    ),

    http.delete(
      `${API_PREFIX}${apiRoutes.reviewDiscard}`,
      route(({ params }) => {
        const id = idOf(params);
        if (id === undefined || !store.get(id)) return thoughtGone();
        review.discarded.delete(id);
        return new HttpResponse(null, { status: 204 });
      }),
    ),

    http.put(
      `${API_PREFIX}${apiRoutes.reviewMemorise}`,
      route(async ({ request, params }) => {
        const id = idOf(params);
        const thought = id === undefined ? undefined : store.get(id);
        if (id === undefined || !thought) return thoughtGone();
        const mark = memoriseMarkSchema.safeParse(await bodyOf(request));
        if (!mark.success) return validation(mark.error);
        const words = clozeWords(thought.conteudo).length;
        if (mark.data.modo === "lacuna" && mark.data.ocultas.some((index) => index >= words)) {
          return errorAnswer("validation", reviewMessages.hiddenWordPast);
        }
        review.memorised.set(id, mark.data);
        return HttpResponse.json({
          pensamentoId: id,
          memorizar: mark.data,
          proximaEm: new Date().toISOString(),
        });
      }),
    ),

    http.delete(
      `${API_PREFIX}${apiRoutes.reviewMemorise}`,
      route(({ params }) => {
        const id = idOf(params);
        if (id === undefined || !store.get(id)) return thoughtGone();
        review.memorised.delete(id);
        return new HttpResponse(null, { status: 204 });
      }),
    ),

    http.get(
      apiPaths.reviewSettings,
      route(() => HttpResponse.json(review.settings)),
    ),

    http.put(
      apiPaths.reviewSettings,
      route(async ({ request }) => {
        const patch = reviewSettingsPatchSchema.safeParse(await bodyOf(request));
        if (!patch.success) return validation(patch.error);
        const { porDia, viradaHora, fusoHorario, recencia, pesos } = patch.data;
        const settings = review.settings;
        review.settings = {
          ...settings,
          porDia: porDia ?? settings.porDia,
          viradaHora: viradaHora ?? settings.viradaHora,
          fusoHorario: fusoHorario ?? settings.fusoHorario,
          recencia: recencia ?? settings.recencia,
          pesos: {
            etiquetas: pesos?.etiquetas ?? settings.pesos.etiquetas,
            autorias: pesos?.autorias ?? settings.pesos.autorias,
            fontes: pesos?.fontes ?? settings.pesos.fontes,
          },
        };
        return HttpResponse.json(review.settings);
      }),
    ),

    http.post(
      apiPaths.reviewFeedToken,
      route(() => HttpResponse.json({ feedUrl: review.rotate() })),
    ),

    http.get(
      apiPaths.reviewHistory,
      route(() => HttpResponse.json(review.history)),
    ),
  ];
}
