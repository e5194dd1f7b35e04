import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiPaths, apiRoutes, TOTAL_COUNT_HEADER } from "../../domain/contract";
import {
  labelCountSchema,
  labelListQuerySchema,
  labelListSchema,
  labelParamsSchema,
  labelRenameSchema,
} from "../../domain/contract-schemas";
import type { Store } from "../db";
import { idempotent } from "../live/idempotency-keys";
import { ApiError } from "../errors";
import { apiTags, header, noBody } from "../openapi/route-docs";
import { linkHeader } from "./list-query";

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
        summary: "The labels in use, each with how many thoughts carry it, a page at a time",
        description:
          "In the order of their keys (lower case, by code point). `prefixo` keeps the labels that start " +
          "with it, in any case (accents count): the form's suggestions.",
        tags,
        querystring: labelListQuerySchema,
        response: { 200: labelListSchema },
      },
      config: {
        documentedResponses: {
          200: {
            description: "The page's labels.",
            headers: {
              [TOTAL_COUNT_HEADER]: header("How many labels match, over all pages.", "integer"),
              Link: header("RFC 8288 links to the first, previous, next and last pages."),
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { _page: page, _limit: limit, prefixo: prefix } = request.query;
      const found = await store.labels.page({ page, limit, ...(prefix === undefined ? {} : { prefix }) });
      reply.header(TOTAL_COUNT_HEADER, String(found.total));
      // The links carry only what this list reads, never the rest of the request's query.
      const kept = new URLSearchParams(prefix === undefined ? {} : { prefixo: prefix }).toString();
      // Without a cursor the links need only the total.
      reply.header(
        "Link",
        linkHeader(apiPaths.labels, { page, limit }, kept, { items: [], total: found.total }),
      );
      return found.items;
    },
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
      const renamed = await idempotent(
        request,
        store.idempotency,
        (done) => (done ? { status: 200, body: done } : undefined),
        () => store.labels.rename(request.params.nome, request.body.nome),
      );
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
      const removed = await idempotent(
        request,
        store.idempotency,
        (gone) => (gone ? { status: 204, body: undefined } : undefined),
        () => store.labels.remove(request.params.nome),
      );
      if (!removed) throw noSuchLabel();
      return reply.code(204).send();
    },
  );
};
