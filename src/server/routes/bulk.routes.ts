import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  BULK_MAX,
  BULK_TOO_MANY,
  type BulkAction,
  bulkRequestSchema,
  bulkResultSchema,
  importParamsSchema,
  importRecordListSchema,
  redoImportResultSchema,
  redoImportSchema,
  undoImportResultSchema,
  undoImportSchema,
} from "../../domain/bulk-schemas";
import { apiRoutes, type Thought } from "../../domain/contract";
import { EXPORT_FORMATS, listQuerySchema } from "../../domain/contract-schemas";
import { toListQuery } from "../../domain/list-query";
import { type BulkChange, MissingThoughtsError, type Store, TooManyLabelsError } from "../db";
import { ApiError } from "../errors";
import { exportFileName, exportFormats } from "../export/formats";
import { exportStream } from "../export/stream";
import { apiTags } from "../openapi/route-docs";

/** 'Importações' lists the latest imports, this many. */
const IMPORTS_LISTED = 200;

const tooMany = () => new ApiError("validation", BULK_TOO_MANY);

/** The change an action makes (exportar writes nothing). */
function changeOf(acao: BulkAction, etiqueta: string | undefined): BulkChange | undefined {
  switch (acao) {
    case "lixeira":
      return { kind: "trash" };
    case "restaurar":
      return { kind: "restore" };
    case "etiquetar":
      return { kind: "label", label: etiqueta ?? "" };
    case "desetiquetar":
      return { kind: "unlabel", label: etiqueta ?? "" };
    case "favoritar":
      return { kind: "favorite", value: true };
    case "desfavoritar":
      return { kind: "favorite", value: false };
    case "exportar":
      return undefined;
  }
}

/**
 * Many thoughts at once, each action ONE request and one transaction (so one write for the rate limit),
 * at most BULK_MAX thoughts: `POST /api/pensamentos/lote` with `{acao, ids | filtro}`; and the imports'
 * record: `GET /api/importacoes`, `POST /api/importacoes/:id/desfazer` (to the trash in one step) and
 * `/refazer` (its 'Desfazer'). Behind the password, the anti-forgery check and the write limit like any
 * write.
 */
export const bulkRoutes: FastifyPluginAsyncZod<{ store: Store; clock: () => number }> = async (
  app,
  { store, clock },
) => {
  /**
   * The ids a view of the wall covers ('Selecionar todos os N'), read by the list itself, so every filter
   * of the list (a search, a label, a label left out, an author, a source, the favourites) means the same.
   */
  async function idsOfView(filtro: Record<string, string>): Promise<number[]> {
    const own = Object.fromEntries(Object.entries(filtro).filter(([name]) => !name.startsWith("_")));
    const parsed = listQuerySchema.safeParse(own);
    if (!parsed.success) {
      throw new ApiError("validation", parsed.error.issues[0]?.message ?? "filtro inválido.");
    }
    const query = { ...toListQuery(parsed.data), page: 1, limit: BULK_MAX + 1 };
    delete query.after;
    delete query.offset;
    const page = await store.thoughts.list(query);
    if (page.items.length > BULK_MAX) throw tooMany();
    return page.items.map((thought) => thought.id);
  }

  app.post(
    apiRoutes.bulk,
    {
      schema: {
        summary: "Act on many thoughts at once",
        description:
          "`acao`: lixeira (to the trash, all at one instant), restaurar (back from the trash, by `ids`), " +
          "etiquetar / desetiquetar (`etiqueta`), favoritar / desfavoritar, exportar (`formato`: " +
          `${EXPORT_FORMATS.join(", ")}; the file as the answer). The thoughts by \`ids\`, or by \`filtro\`, ` +
          "the wall's own list parameters (q, favorito, etiqueta, sem, autoria, fonte). One transaction: " +
          `an id that is not there is a 404 and nothing is done; more than ${BULK_MAX} thoughts is a 400.`,
        tags: [apiTags.thoughts],
        body: bulkRequestSchema,
        response: { 200: bulkResultSchema },
      },
    },
    async (request, reply) => {
      const { acao, etiqueta, formato, filtro } = request.body;
      const ids = request.body.ids ? [...new Set(request.body.ids)] : await idsOfView(filtro ?? {});
      if (acao === "exportar") {
        const format = formato ?? "json";
        const thoughts = await store.bulk.read(ids);
        if (thoughts.length !== ids.length) {
          throw new ApiError("not_found", "Alguns pensamentos selecionados não estão mais no mural.");
        }
        const exportedAt = new Date(clock());
        async function* each(): AsyncGenerator<Thought> {
          yield* thoughts;
        }
        return reply
          .header("Content-Type", exportFormats[format].contentType)
          .header("Content-Disposition", `attachment; filename="${exportFileName(format, exportedAt)}"`)
          .header("Cache-Control", "no-store")
          .send(exportStream(each(), format, exportedAt) as never);
      }
      const change = changeOf(acao, etiqueta);
      if (!change) throw new Error(`no change for ${acao}`);
      if (ids.length === 0) return { acao, total: 0, ids: [] };
      try {
        const outcome = await store.bulk.apply(ids, change, clock());
        return {
          acao,
          total: outcome.total,
          ids,
          ...(outcome.deletedAt === undefined
            ? {}
            : { excluidoEm: new Date(outcome.deletedAt).toISOString() }),
        };
      } catch (error) {
        if (error instanceof MissingThoughtsError) {
          throw new ApiError(
            "not_found",
            acao === "restaurar"
              ? "Alguns pensamentos não estão mais na lixeira. Nada foi restaurado."
              : "Alguns pensamentos selecionados não estão mais no mural. Nada foi alterado.",
          );
        }
        if (error instanceof TooManyLabelsError) {
          throw new ApiError(
            "conflict",
            `${error.full} dos pensamentos selecionados já têm o máximo de etiquetas. Nada foi alterado.`,
          );
        }
        throw error;
      }
    },
  );

  app.get(
    apiRoutes.imports,
    {
      schema: {
        summary: "The imports that added thoughts, newest first",
        description: `The latest ${IMPORTS_LISTED}: when, the kind of file, how many thoughts, how many are on the wall and how many of those were changed since.`,
        tags: [apiTags.files],
        response: { 200: importRecordListSchema },
      },
    },
    async () =>
      (await store.bulk.imports(IMPORTS_LISTED)).map((record) => ({
        id: record.id,
        em: new Date(record.createdAt).toISOString(),
        tipo: record.kind,
        total: record.total,
        noMural: record.onWall,
        editados: record.edited,
      })),
  );

  app.post(
    apiRoutes.undoImport,
    {
      schema: {
        summary: "Undo an import: its thoughts to the trash, in one step",
        description:
          "The thoughts the import added that are on the wall go to the trash at one instant; those changed " +
          "since the import stay unless `incluirEditados`. Its own 'Desfazer' is `/refazer` with that instant.",
        tags: [apiTags.files],
        params: importParamsSchema,
        body: undoImportSchema,
        response: { 200: undoImportResultSchema },
      },
    },
    async (request) => {
      const outcome = await store.bulk.undoImport(
        request.params.id,
        { includeEdited: request.body.incluirEditados },
        clock(),
      );
      if (!outcome) throw new ApiError("not_found", "Importação não encontrada.");
      return {
        movidos: outcome.moved,
        editadosMantidos: outcome.keptEdited,
        excluidoEm: new Date(outcome.deletedAt).toISOString(),
      };
    },
  );

  app.post(
    apiRoutes.redoImport,
    {
      schema: {
        summary: "Put back what an undo of an import moved to the trash",
        tags: [apiTags.files],
        params: importParamsSchema,
        body: redoImportSchema,
        response: { 200: redoImportResultSchema },
      },
    },
    async (request) => ({
      restaurados: await store.bulk.redoImport(
        request.params.id,
        Date.parse(request.body.excluidoEm),
        clock(),
      ),
    }),
  );
};
