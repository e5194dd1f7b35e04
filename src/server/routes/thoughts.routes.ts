import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiPaths, apiRoutes, TOTAL_COUNT_HEADER } from "../../domain/contract";
import {
  listQuerySchema,
  thoughtListSchema,
  thoughtParamsSchema,
  thoughtSchema,
} from "../../domain/contract-schemas";
import { toListQuery } from "../../domain/list-query";
import { thoughtInputSchema, thoughtPatchSchema } from "../../domain/thought";
import type { Store } from "../db";
import { notFound } from "../errors";
import { linkHeader } from "./list-query";

/** The json-server contract of the thoughts, newest first; every schema comes from the contract module. */
export const thoughtsRoutes: FastifyPluginAsyncZod<{
  store: Store;
  /** Epoch ms: when a deleted thought went to the trash. */
  clock: () => number;
}> = async (app, { store, clock }) => {
  const repository = store.thoughts;

  app.get(
    apiRoutes.thoughts,
    { schema: { querystring: listQuerySchema, response: { 200: thoughtListSchema } } },
    async (request, reply) => {
      const query = toListQuery(request.query);
      const page = await repository.list(query);
      const rawQuery = request.url.slice(request.url.indexOf("?") + 1 || request.url.length);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      // A slice (_start/_end) has no pages to link, as in json-server.
      if (query.offset === undefined)
        reply.header("Link", linkHeader(apiPaths.thoughts, query, rawQuery, page));
      return page.items;
    },
  );

  app.get(
    apiRoutes.thought,
    { schema: { params: thoughtParamsSchema, response: { 200: thoughtSchema } } },
    async (request) => {
      const thought = await repository.get(request.params.id);
      if (!thought) throw notFound();
      return thought;
    },
  );

  app.post(
    apiRoutes.thoughts,
    { schema: { body: thoughtInputSchema, response: { 201: thoughtSchema } } },
    async (request, reply) => {
      const { id: _ignored, ...input } = request.body;
      const thought = await repository.create(input);
      reply.code(201).header("Location", apiPaths.thought(thought.id));
      return thought;
    },
  );

  app.put(
    apiRoutes.thought,
    { schema: { params: thoughtParamsSchema, body: thoughtInputSchema, response: { 200: thoughtSchema } } },
    async (request) => {
      // The id comes from the path; one echoed in the body is ignored.
      const { id: _ignored, ...input } = request.body;
      const thought = await repository.replace(request.params.id, input);
      if (!thought) throw notFound();
      return thought;
    },
  );

  app.patch(
    apiRoutes.thought,
    { schema: { params: thoughtParamsSchema, body: thoughtPatchSchema, response: { 200: thoughtSchema } } },
    async (request) => {
      const { id: _ignored, ...patch } = request.body;
      const thought = await repository.update(request.params.id, patch);
      if (!thought) throw notFound();
      return thought;
    },
  );

  // To the trash (trash.routes.ts), where it can be restored for TRASH_DAYS.
  app.delete(apiRoutes.thought, { schema: { params: thoughtParamsSchema } }, async (request, reply) => {
    if (!(await repository.remove(request.params.id, clock()))) throw notFound();
    return reply.code(204).send();
  });
};
