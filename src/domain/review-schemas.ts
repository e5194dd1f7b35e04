import { z } from "zod";
import { ID_MAX, once, thoughtSchema } from "./contract-schemas";
import { messages } from "./messages";
import { AUTHOR_MAX, SOURCE_MAX } from "./rules";
import { isValidText } from "./text";

/**
 * The wire shapes of the daily review (issue 41, /work/coord/CONTRACT-41.md): the day's set, the answers,
 * the memorise marks, the settings kept on the server, the history and the feed's address.
 */

/** How many cards a day's set holds: REVIEW_PER_DAY_MIN to REVIEW_PER_DAY_MAX, REVIEW_PER_DAY by default. */
export const REVIEW_PER_DAY = 5;
export const REVIEW_PER_DAY_MIN = 3;
export const REVIEW_PER_DAY_MAX = 15;
/** The hour (0..23, in the stored time zone) when one review day gives way to the next. */
export const REVIEW_DAY_TURNS_AT = 4;
export const REVIEW_TIME_ZONE = "America/Sao_Paulo";

/** The answers to a resurfacing card, and to a memorise card (FSRS's Again, Hard, Good, Easy). */
export const RESURFACING_ANSWERS = [
  "proximo",
  "favoritar",
  "em_breve",
  "mais_tarde",
  "bem_depois",
  "descartar",
] as const;
export const MEMORISE_ANSWERS = ["de_novo", "dificil", "bom", "facil"] as const;
export const REVIEW_ANSWERS = [...RESURFACING_ANSWERS, ...MEMORISE_ANSWERS] as const;
export type ReviewAnswerKind = (typeof REVIEW_ANSWERS)[number];
export type MemoriseAnswerKind = (typeof MEMORISE_ANSWERS)[number];
export function isMemoriseAnswer(answer: ReviewAnswerKind): answer is MemoriseAnswerKind {
  return (MEMORISE_ANSWERS as readonly string[]).includes(answer);
}

/** 'Em breve', 'Mais tarde', 'Bem depois': the thought comes back in a review after about this many days. */
export const LATER_DAYS = { em_breve: 7, mais_tarde: 14, bem_depois: 28 } as const;

/** A frequency for a label, an author or a source: 'nunca' keeps its thoughts out of every review. */
export const REVIEW_WEIGHTS = ["nunca", "menos", "normal", "mais"] as const;
export type ReviewWeight = (typeof REVIEW_WEIGHTS)[number];
export const REVIEW_RECENCY = ["todos", "recentes"] as const;

export const reviewMessages = {
  perDay: `porDia deve ser um número inteiro de ${REVIEW_PER_DAY_MIN} a ${REVIEW_PER_DAY_MAX}.`,
  dayTurnsAt: "viradaHora deve ser um número inteiro de 0 a 23.",
  timeZone: "fusoHorario deve ser um fuso horário IANA, como America/Sao_Paulo.",
  recency: "recencia deve ser todos ou recentes.",
  weights: "pesos deve ter etiquetas, autorias e fontes, cada um com nomes e nunca, menos, normal ou mais.",
  weight: "Cada peso deve ser nunca, menos, normal ou mais.",
  weightsTooMany: "pesos pode ter no máximo 1.000 nomes em etiquetas, autorias ou fontes.",
  weightName: "Os nomes em pesos devem ter de 1 a 300 caracteres.",
  settingsUnknown: "Campo desconhecido nos ajustes da revisão.",
  answer:
    "resposta deve ser proximo, favoritar, em_breve, mais_tarde, bem_depois, descartar, de_novo, dificil, bom ou facil.",
  thoughtId: "pensamentoId deve ser o número de um pensamento.",
  requestId: "pedidoId deve ser um identificador de 8 a 100 letras, números ou hífens (como um UUID).",
  notMemorised:
    "Este pensamento não está marcado para memorizar: responda com proximo, favoritar, em_breve, mais_tarde, bem_depois ou descartar.",
  memoriseMode: "modo deve ser lacuna ou quem.",
  hiddenWords:
    "ocultas deve ser uma lista de 1 a 200 posições de palavras (números inteiros a partir de 0), sem repetir.",
  hiddenWordPast: "ocultas aponta uma palavra que o pensamento não tem.",
  thoughtGone: "Pensamento não encontrado.",
  feedGone: "Feed não encontrado.",
} as const;

function isTimeZone(name: string): boolean {
  if (name.length > 100) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const weightName = z.string().min(1, reviewMessages.weightName).max(SOURCE_MAX, reviewMessages.weightName);
const weightMap = z
  .record(weightName, z.enum(REVIEW_WEIGHTS, { error: reviewMessages.weight }), {
    error: reviewMessages.weights,
  })
  .refine((map) => Object.keys(map).length <= 1000, reviewMessages.weightsTooMany);

export const reviewWeightsSchema = z.object(
  { etiquetas: weightMap, autorias: weightMap, fontes: weightMap },
  { error: reviewMessages.weights },
);

const settingsFields = {
  porDia: z
    .number({ error: reviewMessages.perDay })
    .int(reviewMessages.perDay)
    .min(REVIEW_PER_DAY_MIN, reviewMessages.perDay)
    .max(REVIEW_PER_DAY_MAX, reviewMessages.perDay),
  viradaHora: z
    .number({ error: reviewMessages.dayTurnsAt })
    .int(reviewMessages.dayTurnsAt)
    .min(0, reviewMessages.dayTurnsAt)
    .max(23, reviewMessages.dayTurnsAt),
  fusoHorario: z.string({ error: reviewMessages.timeZone }).refine(isTimeZone, reviewMessages.timeZone),
  recencia: z.enum(REVIEW_RECENCY, { error: reviewMessages.recency }),
};

/** `GET /api/revisao/ajustes` (and the answer of PUT): the whole settings and the feed's private address. */
export const reviewSettingsSchema = z.object({
  ...settingsFields,
  pesos: reviewWeightsSchema,
  feedUrl: z.string(),
});
export type ReviewSettings = z.infer<typeof reviewSettingsSchema>;

/**
 * `PUT /api/revisao/ajustes`: only the fields sent change; in `pesos`, each of etiquetas, autorias and
 * fontes sent replaces that map whole (one not sent is kept). An unknown field is a 400.
 */
export const reviewSettingsPatchSchema = z.strictObject(
  {
    porDia: settingsFields.porDia.optional(),
    viradaHora: settingsFields.viradaHora.optional(),
    fusoHorario: settingsFields.fusoHorario.optional(),
    recencia: settingsFields.recencia.optional(),
    pesos: z
      .strictObject(
        { etiquetas: weightMap.optional(), autorias: weightMap.optional(), fontes: weightMap.optional() },
        { error: reviewMessages.weights },
      )
      .optional(),
  },
  { error: reviewMessages.settingsUnknown },
);
export type ReviewSettingsPatch = z.input<typeof reviewSettingsPatchSchema>;

/** A thought marked to memorise: a cloze (the word indexes hidden, counted from 0) or 'Quem disse?'. */
export const memoriseMarkSchema = z.discriminatedUnion(
  "modo",
  [
    z.object({
      modo: z.literal("lacuna"),
      ocultas: z
        .array(z.number().int().min(0).max(9_999), { error: reviewMessages.hiddenWords })
        .min(1, reviewMessages.hiddenWords)
        .max(200, reviewMessages.hiddenWords)
        .refine((indexes) => new Set(indexes).size === indexes.length, reviewMessages.hiddenWords),
    }),
    z.object({ modo: z.literal("quem") }),
  ],
  { error: reviewMessages.memoriseMode },
);
export type MemoriseMark = z.infer<typeof memoriseMarkSchema>;

/** The words of a thought as a cloze counts them (index 0 is the first): runs of non-space characters. */
export function clozeWords(text: string): string[] {
  return text.split(/\s+/u).filter((word) => word !== "");
}

/** One card of a review: the thought, why it came, its kind, its memorise mark, and today's answer to it. */
export const reviewCardSchema = z.object({
  pensamento: thoughtSchema,
  motivo: z.string(),
  tipo: z.enum(["revisao", "memorizar"]),
  memorizar: memoriseMarkSchema.nullable(),
  resposta: z.enum(REVIEW_ANSWERS).nullable(),
});
export type ReviewCard = z.infer<typeof reviewCardSchema>;

/** `GET /api/revisao`: the day's set (or a theme's), how many of its cards were answered, the streak. */
export const reviewDaySchema = z.object({
  dia: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  total: z.number().int().min(0),
  feitos: z.number().int().min(0),
  sequencia: z.number().int().min(0),
  cartoes: z.array(reviewCardSchema),
});
export type ReviewDay = z.infer<typeof reviewDaySchema>;

const themeText = (name: string, max: number) =>
  once(name)
    .refine(isValidText, { message: messages.textInvalid, abort: true })
    .max(max, `${name} deve ter no máximo ${max} caracteres.`);

/** `GET /api/revisao`'s filters: with any of them, a review of that theme alone (as the wall filters). */
export const reviewQuerySchema = z.object({
  etiqueta: themeText("etiqueta", 200).optional(),
  autoria: themeText("autoria", AUTHOR_MAX).optional(),
  fonte: themeText("fonte", SOURCE_MAX).optional(),
  q: themeText("q", 200).optional(),
});
export type ReviewQuery = z.input<typeof reviewQuerySchema>;

/** `POST /api/revisao/respostas`. */
export const reviewAnswerSchema = z.object({
  pensamentoId: z
    .number({ error: reviewMessages.thoughtId })
    .int(reviewMessages.thoughtId)
    .min(1, reviewMessages.thoughtId)
    .max(ID_MAX, reviewMessages.thoughtId),
  resposta: z.enum(REVIEW_ANSWERS, { error: reviewMessages.answer }),
  pedidoId: z
    .string({ error: reviewMessages.requestId })
    .regex(/^[A-Za-z0-9_-]{8,100}$/, reviewMessages.requestId),
});
export type ReviewAnswer = z.infer<typeof reviewAnswerSchema>;

/** The answer's effect: the day's progress, and when the thought is due again (ISO date) if it is scheduled. */
export const reviewAnswerResultSchema = z.object({
  feitos: z.number().int().min(0),
  total: z.number().int().min(0),
  proximaEm: z.string().nullable(),
});
export type ReviewAnswerResult = z.infer<typeof reviewAnswerResultSchema>;

/** `GET /api/revisao/historico`: the streak and the days with a review in the last 12 months. */
export const reviewHistorySchema = z.object({
  sequencia: z.number().int().min(0),
  dias: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)),
});
export type ReviewHistory = z.infer<typeof reviewHistorySchema>;

/** `POST /api/revisao/feed/token`: the feed's new private address. */
export const reviewFeedLinkSchema = z.object({ feedUrl: z.string() });
export type ReviewFeedLink = z.infer<typeof reviewFeedLinkSchema>;

/** `GET /api/revisao/feed.atom?token=`. */
export const reviewFeedQuerySchema = z.object({ token: z.string().optional() });

/** `PUT /api/revisao/memorizar/:id`: the thought's mark, and when its card is due (ISO 8601). */
export const memoriseResultSchema = z.object({
  pensamentoId: z.number().int().positive(),
  memorizar: memoriseMarkSchema,
  proximaEm: z.string(),
});
export type MemoriseResult = z.infer<typeof memoriseResultSchema>;
