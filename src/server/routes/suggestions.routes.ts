import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { suggestionsQuerySchema, suggestionsSchema } from "../../domain/contract-schemas";
import { suggestionsRoute } from "../../domain/suggestions-route";
import type { Store } from "../db";
import { apiTags } from "../openapi/route-docs";

/**
 * `GET /api/pensamentos/sugestoes?q=`: what the wall offers when a search found nothing, the labels and
 * authors whose names hold one of its words. Behind the password like the thoughts; its static path wins
 * over `/pensamentos/:id`.
 */
export const suggestionsRoutes: FastifyPluginAsyncZod<{ store: Store }> = async (app, { store }) => {
  app.get(
    suggestionsRoute,
    {
      schema: {
        summary: "Labels, authors and sources whose names hold a word of a search",
        description:
          "For a search that found nothing: up to 5 labels, 5 authors and 5 sources (each with its author) " +
          "whose names hold one of the words " +
          "of `q` (from three letters on, ignoring case and accents), those holding the most words first, " +
          "then the most used.",
        tags: [apiTags.thoughts],
        querystring: suggestionsQuerySchema,
        response: { 200: suggestionsSchema },
      },
    },
    async (request) => store.thoughts.suggest(request.query.q),
  );
};
