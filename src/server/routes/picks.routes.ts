import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiRoutes } from "../../domain/contract";
import { randomQuerySchema, thoughtSchema } from "../../domain/contract-schemas";
import { permutedIndex } from "../../domain/permutation";
import type { Store } from "../db";
import { ApiError } from "../errors";
import { localDate } from "../export/formats";
import { apiTags, noBody } from "../openapi/route-docs";
import { dayThought } from "../picks/day-thought";

const tags = [apiTags.thoughts];

/**
 * A reason to come back to old words: `GET /api/pensamentos/do-dia`, the thought of the server's day, and
 * `GET /api/pensamentos/aleatorio`, a draw for 'Surpreenda-me'. Both answer 204 on an empty wall: there is
 * nothing to show, and nothing is wrong (a 404 would be logged as an error by every browser). Behind
 * the password like the rest of the thoughts; their static paths win over `/pensamentos/:id`.
 */
export const picksRoutes: FastifyPluginAsyncZod<{ store: Store; clock?: () => Date }> = async (
  app,
  { store, clock = () => new Date() },
) => {
  const deps = {
    choices: store.dayChoice,
    state: () => store.thoughts.state(),
    get: (id: number) => store.thoughts.get(id),
    thoughtAt: (position: number, favoritesOnly?: boolean) =>
      store.thoughts.at(position, favoritesOnly ? { favorite: true } : {}),
  };

  app.get(
    apiRoutes.dayThought,
    {
      schema: {
        summary: "The thought of the day",
        description:
          "Chosen by the server's date (favourites three times likelier), the same all day for every device, never yesterday's when there are more than 3 thoughts.",
        tags,
        response: { 200: thoughtSchema, 204: z.null() },
      },
      config: { documentedResponses: { 204: noBody("The wall is empty.") } },
    },
    async (_request, reply) => {
      const thought = await dayThought(deps, localDate(clock()));
      return thought ?? reply.code(204).send(null);
    },
  );

  app.get(
    apiRoutes.randomThought,
    {
      schema: {
        summary: "A random thought ('Surpreenda-me')",
        description:
          "With `semente`, the `passo`-th draw of that seed's shuffle: steps 0 to n-1 show each of n thoughts once.",
        tags,
        querystring: randomQuerySchema,
        response: { 200: thoughtSchema, 204: z.null() },
      },
      config: { documentedResponses: { 204: noBody("The wall is empty.") } },
    },
    async (request, reply) => {
      const { semente, passo } = request.query;
      for (let attempt = 0; attempt < 3; attempt++) {
        const { total } = await store.thoughts.state();
        if (total === 0) return reply.code(204).send(null);
        const position =
          semente === undefined
            ? Math.floor(Math.random() * total)
            : permutedIndex(passo % total, total, semente);
        // A thought deleted between the count and the read: count again.
        const thought = await store.thoughts.at(position);
        if (thought) return thought;
      }
      throw new ApiError("unavailable", "O mural mudou enquanto sorteávamos. Tente de novo.");
    },
  );
};
