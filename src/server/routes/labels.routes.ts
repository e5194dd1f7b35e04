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
import { apiTags, noBody } from "../openapi/route-docs";

const tags = [apiTags.labels];
const noSuchLabel = () => new ApiError("not_found", "Etiqueta não encontrada.");

/**
 * The labels across the wall (`/api/etiquetas`): each in use with how many thoughts carry it, a rename that
 * merges into a label already in use, a removal from every thought. A label is named in the path as typed,
 * in any case.
 */
export const labelsRoutes: FastifyPluginAsyncZod<{ store: Store }> = async (app, { store }) => {
  app.get(
    apiRoutes.labels,
    {
      schema: {
        summary: "The labels in use, each with how many thoughts carry it",
        tags,
        response: { 200: labelListSchema },
      },
    },
    () => store.labels.list(),
  );

  app.patch(
    apiRoutes.label,
    {
      schema: {
        summary: "Rename a label on every thought",
        description: "Renamed into a label already in use, the two merge.",
        tags,
        params: labelParamsSchema,
        body: labelRenameSchema,
        response: { 200: labelCountSchema },
      },
    },
    async (request) => {
      const renamed = await store.labels.rename(request.params.nome, request.body.nome);
      if (!renamed) throw noSuchLabel();
      return renamed;
    },
  );

  app.delete(
    apiRoutes.label,
    {
      schema: { summary: "Take a label off every thought", tags, params: labelParamsSchema },
      config: { documentedResponses: { 204: noBody("Taken off every thought.") } },
    },
    async (request, reply) => {
      if (!(await store.labels.remove(request.params.nome))) throw noSuchLabel();
      return reply.code(204).send();
    },
  );
};
