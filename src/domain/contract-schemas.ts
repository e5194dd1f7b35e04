import { z } from "zod";
import { type ErrorCode, errorStatus } from "./contract";
import { checkJsonServerParams, jsonServerShape } from "./json-server-params";
import { messages } from "./messages";
import { LABEL_LIMIT_MAX, LABEL_PAGE_SIZE, LIMIT_MAX, PAGE_SIZE } from "./rules";
import { isValidText } from "./text";
import { labelRules, wireShape } from "./thought-fields";

/**
 * The wire shapes of the HTTP contract (contract.ts holds its names): the server validates requests and
 * serialises answers with them, and the types the web client uses are inferred from them.
 */

const errorCodes = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]];

/** Every error answer: `{error: {code, message, fields?}}`, the message in pt-BR and fit for the user. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * A thought as the API sends it: its id, then its fields as thought-fields.ts declares them, then its
 * version (`versao`, issue 42): 1 at creation, moved by every change of the thought (its labels and their
 * renames included, and a restore). The server's alone: a request body's `versao` is dropped like any key
 * the API does not know, and it is not a field of the thought's data (not exported, not imported).
 */
export const thoughtSchema = z.object({
  id: z.number().int().positive(),
  ...wireShape,
  versao: z.number().int().positive(),
});
export type Thought = z.infer<typeof thoughtSchema>;
/**
 * The keys of a thought in the exports' order (the CSV's columns, the JSON's keys): the API's, but the
 * version, which belongs to this database (an import starts every thought at 1).
 */
export const THOUGHT_KEYS = thoughtSchema
  .keyof()
  .options.filter((key): key is Exclude<keyof Thought, "versao"> => key !== "versao");
export const thoughtListSchema = z.array(thoughtSchema);

/**
 * The largest id a thought can have: PostgreSQL's SERIAL is a 32-bit integer (SQLite's AUTOINCREMENT,
 * counting from 1, never gets near it either). A larger one names no thought, rather than failing a query.
 */
export const ID_MAX = 2_147_483_647;

/** Ids are positive integers written in digits; anything else names no thought (a 404, not a 400). */
export const thoughtIdSchema = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number)
  .pipe(z.number().int().min(1).max(ID_MAX));
export const thoughtParamsSchema = z.object({ id: thoughtIdSchema });

/** A query parameter given once: a repeated one (`?_page=1&_page=2`) arrives as an array. */
export const once = (name: string) => z.string({ error: `${name} deve aparecer uma só vez.` });

export const positiveInt = (name: string, max: number) =>
  once(name)
    .regex(/^\d+$/, `${name} deve ser um número inteiro positivo.`)
    .transform(Number)
    .pipe(
      z.number().int().min(1, `${name} deve ser no mínimo 1.`).max(max, `${name} deve ser no máximo ${max}.`),
    );

/** A label named in a request (the path, a filter, a prefix): text as the query's, so NUL is a 400. */
const labelNamed = (name: string) =>
  once(name)
    .refine(isValidText, { message: messages.textInvalid, abort: true })
    .max(200, `${name} deve ter no máximo 200 caracteres.`);

/**
 * The json-server query of the wall: _page, _limit, q, favorito, etiqueta (a label, any case), autoria
 * (a whole author, any case or accents) and fonte (a source, as written), each checked; or, instead of _page, the cursor _after (an id: the
 * thoughts that come after it in the wall's order); and json-server's _sort, _order, _start, _end and modelo
 * (json-server-params.ts).
 */
export const listQuerySchema = z
  // Loose: the json-server check below sees the parameters it does not know, to refuse them by name.
  .looseObject({
    _page: positiveInt("_page", 1_000_000).optional(),
    _after: positiveInt("_after", Number.MAX_SAFE_INTEGER).optional(),
    _limit: positiveInt("_limit", LIMIT_MAX).default(PAGE_SIZE),
    q: once("q")
      .refine(isValidText, { message: messages.textInvalid, abort: true })
      .max(200, "q deve ter no máximo 200 caracteres.")
      .optional(),
    favorito: once("favorito")
      .pipe(z.enum(["true", "false"], { error: "favorito deve ser true ou false." }))
      .optional(),
    etiqueta: labelNamed("etiqueta").optional(),
    autoria: once("autoria")
      .refine(isValidText, { message: messages.textInvalid, abort: true })
      .max(200, "autoria deve ter no máximo 200 caracteres.")
      .optional(),
    fonte: once("fonte")
      .refine(isValidText, { message: messages.textInvalid, abort: true })
      .max(300, "fonte deve ter no máximo 300 caracteres.")
      .optional(),
    ...jsonServerShape,
  })
  .refine((query) => query._page === undefined || query._after === undefined, {
    message: "Use _page ou _after, não os dois.",
    path: ["_after"],
  })
  .superRefine(checkJsonServerParams);
export type ListQuery = z.input<typeof listQuerySchema>;

/** A label in use and how many thoughts on the wall carry it (`GET /api/etiquetas`). */
export const labelCountSchema = z.object({ nome: z.string(), total: z.number().int().min(0) });
export type LabelCount = z.infer<typeof labelCountSchema>;
export const labelListSchema = z.array(labelCountSchema);

/**
 * `GET /api/pensamentos/sugestoes?q=`: what an empty search offers instead, the labels and authors whose
 * names hold one of its words (from three letters), those holding the most words first, then the most used.
 */
export const suggestionsQuerySchema = z.object({
  q: once("q")
    .refine(isValidText, { message: messages.textInvalid, abort: true })
    .max(200, "q deve ter no máximo 200 caracteres."),
});
export const suggestionsSchema = z.object({
  etiquetas: labelListSchema,
  autorias: z.array(z.object({ nome: z.string(), total: z.number().int().min(0) })),
  /** A source is its name and its author: two authors can share a title. */
  fontes: z.array(z.object({ nome: z.string(), autoria: z.string(), total: z.number().int().min(0) })),
});
export type Suggestions = z.infer<typeof suggestionsSchema>;

/** `PATCH /api/etiquetas/:nome`: the new name, under a label's rules (merging when it is in use). */
export const labelRenameSchema = z.object({ nome: labelRules });

/** The label named in the path, as typed (matched by its lower case). */
export const labelParamsSchema = z.object({ nome: labelNamed("nome").min(1, "nome não pode ficar vazio.") });

/**
 * `GET /api/etiquetas`: the labels a page at a time (LABEL_PAGE_SIZE unless `_limit` says, up to
 * LABEL_LIMIT_MAX), in the order of their keys; `prefixo` keeps those whose key starts with it, in any case.
 */
export const labelListQuerySchema = z.object({
  _page: positiveInt("_page", 1_000_000).default(1),
  _limit: positiveInt("_limit", LABEL_LIMIT_MAX).default(LABEL_PAGE_SIZE),
  prefixo: labelNamed("prefixo").optional(),
});
export type LabelListQuery = z.input<typeof labelListQuerySchema>;

/** `GET /api/lixeira`: the trash a page at a time, with the wall's _page and _limit rules and messages. */
export const trashQuerySchema = z.object({
  _page: positiveInt("_page", 1_000_000).default(1),
  _limit: positiveInt("_limit", LIMIT_MAX).default(PAGE_SIZE),
});

/** A thought in the trash: the thought as it was, and when it was deleted (ISO 8601, UTC). */
export const trashedThoughtSchema = thoughtSchema.extend({ excluidoEm: z.iso.datetime() });
export type TrashedThought = z.infer<typeof trashedThoughtSchema>;
export const trashedThoughtListSchema = z.array(trashedThoughtSchema);

/** `DELETE /api/lixeira`: how many thoughts the emptied trash held, now gone for good. */
export const trashEmptiedSchema = z.object({ excluidos: z.number().int().min(0) });
export type TrashEmptied = z.infer<typeof trashEmptiedSchema>;

const wholeNumber = (name: string, max: number) =>
  once(name)
    .regex(/^\d+$/, `${name} deve ser um número inteiro.`)
    .transform(Number)
    .pipe(z.number().int().max(max, `${name} deve ser no máximo ${max}.`));

/**
 * `GET /api/pensamentos/aleatorio`: with `semente` (a visit's seed) the `passo`-th draw of a shuffle of the
 * wall, so draws 0, 1, 2… of one seed repeat no thought until every one was shown; without it, any thought.
 */
export const randomQuerySchema = z.object({
  semente: wholeNumber("semente", 2 ** 32 - 1).optional(),
  passo: wholeNumber("passo", 1_000_000_000).default(0),
});

/** The formats of `GET /api/export` (and of `npm run export`). */
export const EXPORT_FORMATS = ["json", "markdown", "csv"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** `GET /api/export?format=json|markdown|csv`, json by default. */
export const exportQuerySchema = z.object({
  format: once("format")
    .pipe(z.enum(EXPORT_FORMATS, { error: "format deve ser json, markdown ou csv." }))
    .default("json"),
});

/** The largest file `POST /api/import` takes (50 MiB): 100,000 thoughts of our JSON export are about 15 MiB. */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;

/** The most items (thoughts, lines, notes) one imported file may hold: more is refused whole, unread. */
export const IMPORT_MAX_ITEMS = 100_000;

/**
 * The bodies `POST /api/import` reads, by Content-Type: our JSON or CSV export, db.json, a Keep Takeout zip,
 * Kindle's `My Clippings.txt` (text/plain).
 */
export const IMPORT_CONTENT_TYPES = [
  "application/json",
  "text/csv",
  "application/zip",
  "text/plain",
] as const;

/** `POST /api/import?dryRun=true` says what an import would do and changes nothing. */
export const importQuerySchema = z.object({
  dryRun: once("dryRun")
    .pipe(z.enum(["true", "false"], { error: "dryRun deve ser true ou false." }))
    .transform((value) => value === "true")
    .default(false),
});

/** One item of a file left out, and why: `at` names where (an index, a line or a file in the zip). */
export const importErrorSchema = z.object({ at: z.string(), message: z.string() });
export type ImportError = z.infer<typeof importErrorSchema>;

/**
 * The answer of an import (or of its dry run): how many thoughts went in (would go in), how many items
 * were left out (invalid ones, and thoughts already on the wall), and each invalid item with its reason.
 * At most IMPORT_ERRORS_LISTED errors are listed; `errorsNotListed` counts the rest.
 */
/** Items of a kind passed over on purpose (a Kindle note, bookmark or repeated highlight), not errors. */
export const passedOverSchema = z.object({ reason: z.string(), count: z.number().int().min(1) });
export type PassedOver = z.infer<typeof passedOverSchema>;

export const importResultSchema = z.object({
  dryRun: z.boolean(),
  imported: z.number().int().min(0),
  skipped: z.number().int().min(0),
  /** Of the skipped, those already on the wall (same text and author) or twice in the file. */
  duplicates: z.number().int().min(0),
  errors: z.array(importErrorSchema),
  errorsNotListed: z.number().int().min(0),
  /** Of the skipped, those passed over on purpose, by kind; absent when there are none. */
  passedOver: z.array(passedOverSchema).optional(),
});
export type ImportResult = z.infer<typeof importResultSchema>;
export const IMPORT_ERRORS_LISTED = 1000;

/** The health check's answer: the app is up and its database answers. */
export const healthSchema = z.object({
  status: z.literal("ok"),
  database: z.enum(["sqlite", "postgres"]),
});

/** Whether a password is set and whether this browser has signed in (`GET /api/sessao`). */
export const sessionSchema = z.object({
  autenticado: z.boolean(),
  senhaDefinida: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

/** The body of `POST /api/sessao`, the sign-in. */
export const signInSchema = z.object({
  senha: z.string({ error: "Informe a senha." }).min(1, "Informe a senha.").max(1024, "Senha longa demais."),
});
