import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiPaths, apiRoutes, TOTAL_COUNT_HEADER } from "../../domain/contract";
import {
  thoughtParamsSchema,
  thoughtSchema,
  trashEmptiedSchema,
  trashedThoughtListSchema,
  trashQuerySchema,
} from "../../domain/contract-schemas";
import type { Store } from "../db";
import { ApiError } from "../errors";
import { linkHeader } from "./list-query";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The write names its target in the path and reads no body (the API's JSON-only check lets it through). */
    takesNoBody?: boolean;
  }
}

const notInTrash = () => new ApiError("not_found", "Pensamento não encontrado na lixeira.");

/**
 * The trash (`/api/lixeira`): what `DELETE /api/pensamentos/:id` took off the wall, most recently deleted
 * first, to restore or delete for good; after TRASH_DAYS it goes by itself (each call purges first, with
 * the time of `clock`). Behind the password like the thoughts; the writes need the anti-forgery header.
 */
export const trashRoutes: FastifyPluginAsyncZod<{ store: Store; clock: () => number }> = async (
  app,
  { store, clock },
) => {
  // A restore sends no body; a client that labels its empty request as JSON is let through too (Fastify's
  // parser would refuse an empty JSON body with a 400). This plugin's routes read no body at all.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (body === "") return done(null, undefined);
    parseJson(request, String(body), done);
  });

  app.get(
    apiRoutes.trash,
    { schema: { querystring: trashQuerySchema, response: { 200: trashedThoughtListSchema } } },
    async (request, reply) => {
      const query = { page: request.query._page, limit: request.query._limit };
      const page = await store.trash.list(query, clock());
      const rawQuery = request.url.slice(request.url.indexOf("?") + 1 || request.url.length);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      reply.header("Link", linkHeader(apiPaths.trash, query, rawQuery, page));
      return page.items;
    },
  );

  app.post(
    apiRoutes.restore,
    {
      config: { takesNoBody: true },
      schema: { params: thoughtParamsSchema, response: { 200: thoughtSchema } },
    },
    async (request) => {
      const outcome = await store.trash.restore(request.params.id, clock());
      if (outcome.status === "missing") throw notInTrash();
      if (outcome.status === "occupied") {
        throw new ApiError("conflict", "Já há no mural um pensamento com este id; este continua na lixeira.");
      }
      return outcome.thought;
    },
  );

  // Answered once the deletion is committed (on disk): the count says what went, whatever the user saw.
  app.delete(apiRoutes.trash, { schema: { response: { 200: trashEmptiedSchema } } }, async () => ({
    excluidos: await store.trash.empty(clock()),
  }));

  app.delete(apiRoutes.trashed, { schema: { params: thoughtParamsSchema } }, async (request, reply) => {
    if (!(await store.trash.erase(request.params.id, clock()))) throw notInTrash();
    return reply.code(204).send();
  });
};
