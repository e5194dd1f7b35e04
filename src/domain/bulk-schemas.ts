import { z } from "zod";
import { EXPORT_FORMATS, ID_MAX } from "./contract-schemas";
import { formatInteger } from "./pt-br-numbers";
import { labelRules } from "./thought-fields";

/**
 * The wire shapes of acting on many thoughts at once (`POST /api/pensamentos/lote`), of the imports'
 * record and undo (`/api/importacoes`) and of the private inbox (`/api/caixa-de-entrada`).
 */

/** At most this many thoughts in one bulk action: more is a 400 and nothing is done. */
export const BULK_MAX = 10_000;
/** What a selection over BULK_MAX is told, by the schema and by the route that counts a filter's matches. */
export const BULK_TOO_MANY = `No máximo ${formatInteger(BULK_MAX)} pensamentos de uma vez.`;

export const BULK_ACTIONS = [
  "lixeira",
  "restaurar",
  "etiquetar",
  "desetiquetar",
  "favoritar",
  "desfavoritar",
  "exportar",
] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

const bulkId = z.number().int().min(1).max(ID_MAX);

/**
 * The wall's view a selection covers ('Selecionar todos os N'): the list's own parameters (`q`, `favorito`,
 * `etiqueta`, `sem`, `autoria`, `fonte`), checked by the list's own rules.
 */
export const bulkFilterSchema = z.record(z.string(), z.string());

export const bulkRequestSchema = z
  .object({
    acao: z.enum(BULK_ACTIONS, {
      error: `acao deve ser uma de: ${BULK_ACTIONS.join(", ")}.`,
    }),
    ids: z
      .array(bulkId, { error: "ids deve ser uma lista de ids de pensamentos." })
      .min(1, "Selecione ao menos um pensamento.")
      .max(BULK_MAX, BULK_TOO_MANY)
      .optional(),
    filtro: bulkFilterSchema.optional(),
    /** The label to add or take off (etiquetar, desetiquetar). */
    etiqueta: labelRules.optional(),
    /** The file's format (exportar). */
    formato: z.enum(EXPORT_FORMATS, { error: "formato deve ser json, markdown ou csv." }).optional(),
  })
  .refine((body) => (body.ids === undefined) !== (body.filtro === undefined), {
    message: "Envie ids ou filtro, um dos dois.",
    path: ["ids"],
  })
  .refine((body) => body.acao !== "restaurar" || body.ids !== undefined, {
    message: "Para restaurar, envie os ids dos pensamentos da lixeira.",
    path: ["ids"],
  })
  .refine((body) => !(body.acao === "etiquetar" || body.acao === "desetiquetar") || body.etiqueta, {
    message: "Informe a etiqueta.",
    path: ["etiqueta"],
  });
export type BulkRequest = z.input<typeof bulkRequestSchema>;

/** What a bulk action did: how many thoughts, which (their 'Desfazer' names them), and when. */
export const bulkResultSchema = z.object({
  acao: z.enum(BULK_ACTIONS),
  total: z.number().int().min(0),
  ids: z.array(z.number().int()),
  /** A move to the trash: its instant, as the trash shows it (`excluidoEm`). */
  excluidoEm: z.string().optional(),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** One import as 'Importações' lists it. */
export const importRecordSchema = z.object({
  id: z.number().int().positive(),
  /** When it ended (ISO 8601). */
  em: z.string(),
  /** The kind of file it read: json, csv, keep, kindle, readwise, kobo, koreader… */
  tipo: z.string(),
  /** How many thoughts it added. */
  total: z.number().int().min(0),
  /** How many of them are on the wall now. */
  noMural: z.number().int().min(0),
  /** Of those on the wall, how many were changed since the import. */
  editados: z.number().int().min(0),
});
export type ImportRecord = z.infer<typeof importRecordSchema>;
export const importRecordListSchema = z.array(importRecordSchema);

export const importParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(ID_MAX)),
});

/** `POST /api/importacoes/:id/desfazer`: the edited thoughts stay on the wall unless `incluirEditados`. */
export const undoImportSchema = z.object({ incluirEditados: z.boolean().default(false) });

export const undoImportResultSchema = z.object({
  /** Moved to the trash. */
  movidos: z.number().int().min(0),
  /** Left on the wall: edited since the import. */
  editadosMantidos: z.number().int().min(0),
  /** The instant of the move (ISO 8601): the undo's 'Desfazer' sends it back. */
  excluidoEm: z.string(),
});
export type UndoImportResult = z.infer<typeof undoImportResultSchema>;

/** `POST /api/importacoes/:id/refazer`: puts back what the undo at `excluidoEm` moved. */
export const redoImportSchema = z.object({ excluidoEm: z.iso.datetime({ offset: true }) });
export const redoImportResultSchema = z.object({ restaurados: z.number().int().min(0) });

/** The inbox's address, shown in the settings: its path holds the secret. */
export const inboxSettingsSchema = z.object({ caminho: z.string(), segredo: z.string() });
export type InboxSettings = z.infer<typeof inboxSettingsSchema>;

/** What the inbox takes: a memos- or flomo-style post, `{content}` (KOReader's). */
export const inboxPostSchema = z.looseObject({
  content: z
    .string({ error: "content deve ser um texto." })
    .min(1, "content não pode ficar vazio.")
    .max(20_000, "content longo demais."),
});
export const inboxAnswerSchema = z.object({ id: z.number().int().positive(), status: z.literal("ok") });

/** The inbox's secret in its path: base64url, as the server makes it (43 characters), a little slack. */
export const inboxParamsSchema = z.object({ segredo: z.string().max(200) });
