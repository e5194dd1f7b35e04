import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiPaths, apiRoutes, TOTAL_COUNT_HEADER, TRASH_DAYS } from "../../domain/contract";
import {
  thoughtParamsSchema,
  thoughtSchema,
  trashEmptiedSchema,
  trashedThoughtListSchema,
  trashQuerySchema,
} from "../../domain/contract-schemas";
import type { Store } from "../db";
import { ApiError } from "../errors";
import { idempotent } from "../live/idempotency-keys";
import { tagged } from "../live/if-match";
import { apiTags, header, noBody } from "../openapi/route-docs";
import { linkHeader } from "./list-query";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The write names its target in the path and reads no body (the API's JSON-only check lets it through). */
    takesNoBody?: boolean;
  }
}

const tags = [apiTags.trash];
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
    {
      schema: {
        summary: "The trash, most recently deleted first, a page at a time",
        description:
          `Each thought as it was, with \`excluidoEm\` (when it was deleted). A thought deleted more than ` +
          `${TRASH_DAYS} days ago is gone for good: every call on the trash purges those first.`,
        tags,
        querystring: trashQuerySchema,
        response: { 200: trashedThoughtListSchema },
      },
      config: {
        documentedResponses: {
          200: {
            description: "The page's trashed thoughts.",
            headers: {
              [TOTAL_COUNT_HEADER]: header("How many thoughts the trash holds.", "integer"),
              Link: header("RFC 8288 links to the first, previous, next and last pages."),
            },
          },
        },
      },
    },
    async (request, reply) => {
      const query = { page: request.query._page, limit: request.query._limit };
      const page = await store.trash.list(query, clock());
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      // The trash reads nothing but _page and _limit, so its links carry nothing else: echoing the rest of
      // the request's query wrote each unknown parameter into every link (10 KB of one made 20 KB of header).
      reply.header("Link", linkHeader(apiPaths.trash, query, "", page));
      return page.items;
    },
  );

  app.post(
    apiRoutes.restore,
    {
      config: {
        takesNoBody: true,
        documentedResponses: { 200: { description: "The thought, back on the wall." } },
      },
      schema: {
        summary: "Put a thought back on the wall",
        description:
          "No body. It comes back with its own id, so in its own place on the wall. 404 `not_found` when it " +
          "is not in the trash; 409 `conflict` if its id is taken on the wall (it then stays in the trash).",
        tags,
        params: thoughtParamsSchema,
        response: { 200: thoughtSchema },
      },
    },
    async (request, reply) => {
      const outcome = await idempotent(
        request,
        store.idempotency,
        (done) => (done.status === "restored" ? { status: 200, body: done.thought } : undefined),
        () => store.trash.restore(request.params.id, clock()),
      );
      if (outcome.status === "missing") throw notInTrash();
      if (outcome.status === "occupied") {
        throw new ApiError("conflict", "Já há no mural um pensamento com este id; este continua na lixeira.");
      }
      return tagged(reply, outcome.thought);
    },
  );

  // Answered once the deletion is committed (on disk): the count says what went, whatever the user saw.
  app.delete(
    apiRoutes.trash,
    {
      schema: {
        summary: "Empty the trash: every thought in it deleted for good",
        description:
          "No body. The answer counts the thoughts deleted (0 for an empty trash, still a 200). The wall is " +
          "untouched. Like every write, it needs the anti-forgery header.",
        tags,
        response: { 200: trashEmptiedSchema },
      },
      config: { documentedResponses: { 200: { description: "How many thoughts were deleted for good." } } },
    },
    async (request) => {
      const excluidos = await idempotent(
        request,
        store.idempotency,
        (count) => ({ status: 200, body: { excluidos: count } }),
        () => store.trash.empty(clock()),
      );
      return { excluidos };
    },
  );

  app.delete(
    apiRoutes.trashed,
    {
      schema: { summary: "Delete a thought in the trash for good", tags, params: thoughtParamsSchema },
      config: { documentedResponses: { 204: noBody("Gone for good.") } },
    },
    async (request, reply) => {
      const erased = await idempotent(
        request,
        store.idempotency,
        (gone) => (gone ? { status: 204, body: undefined } : undefined),
        () => store.trash.erase(request.params.id, clock()),
      );
      if (!erased) throw notInTrash();
      return reply.code(204).send();
    },
  );
};
