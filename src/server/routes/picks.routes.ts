import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiRoutes } from "../../domain/contract";
import { randomQuerySchema, thoughtSchema } from "../../domain/contract-schemas";
import { permutedIndex } from "../../domain/permutation";
import type { Store } from "../db";
import { ApiError } from "../errors";
import { localDate } from "../export/formats";
import { dayThought } from "../picks/day-thought";

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
    { schema: { response: { 200: thoughtSchema, 204: z.null() } } },
    async (_request, reply) => {
      const thought = await dayThought(deps, localDate(clock()));
      return thought ?? reply.code(204).send(null);
    },
  );

  app.get(
    apiRoutes.randomThought,
    { schema: { querystring: randomQuerySchema, response: { 200: thoughtSchema, 204: z.null() } } },
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
