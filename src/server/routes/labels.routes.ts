import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiRoutes } from "../../domain/contract";
import {
  labelCountSchema,
  labelListSchema,
  labelParamsSchema,
  labelRenameSchema,
} from "../../domain/contract-schemas";
import type { Store } from "../db";
import { ApiError } from "../errors";

const noSuchLabel = () => new ApiError("not_found", "Etiqueta não encontrada.");

/**
 * The labels across the wall (`/api/etiquetas`): each in use with how many thoughts carry it, a rename that
 * merges into a label already in use, a removal from every thought. A label is named in the path as typed,
 * in any case.
 */
export const labelsRoutes: FastifyPluginAsyncZod<{ store: Store }> = async (app, { store }) => {
  app.get(apiRoutes.labels, { schema: { response: { 200: labelListSchema } } }, () => store.labels.list());

  app.patch(
    apiRoutes.label,
    { schema: { params: labelParamsSchema, body: labelRenameSchema, response: { 200: labelCountSchema } } },
    async (request) => {
      const renamed = await store.labels.rename(request.params.nome, request.body.nome);
      if (!renamed) throw noSuchLabel();
      return renamed;
    },
  );

  app.delete(apiRoutes.label, { schema: { params: labelParamsSchema } }, async (request, reply) => {
    if (!(await store.labels.remove(request.params.nome))) throw noSuchLabel();
    return reply.code(204).send();
  });
};
