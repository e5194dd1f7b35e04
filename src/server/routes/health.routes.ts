import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiRoutes } from "../../domain/contract";
import { healthSchema } from "../../domain/contract-schemas";
import type { Store } from "../db/database";
import { ApiError } from "../errors";

/** Answers whether the database answers: a monitor or a reverse proxy can tell a dead store from a live app. */
export const healthRoutes: FastifyPluginAsyncZod<{ store: Store }> = async (app, { store }) => {
  app.get(apiRoutes.health, { schema: { response: { 200: healthSchema } } }, async (request) => {
    try {
      await store.ping();
    } catch (error) {
      request.log.error({ err: error }, "health check: the database does not answer");
      throw new ApiError("unavailable", "O banco de dados não está respondendo.");
    }
    return { status: "ok" as const, database: store.dialect };
  });
};
