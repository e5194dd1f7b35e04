import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { isWriteMethod } from "../domain/contract";
import type { Store } from "./db/database";
import { ApiError } from "./errors";
import { healthRoutes } from "./routes/health.routes";
import { thoughtsRoutes } from "./routes/thoughts.routes";

/** DELETE names its target in the path; every other write sends a JSON body. */
const sendsBody = (method: string) => isWriteMethod(method) && method !== "DELETE";

/** Everything under the API prefix: JSON only, its routes, and a JSON 404 of its own. */
export const api: FastifyPluginAsyncZod<{ store: Store }> = async (app, { store }) => {
  app.addHook("preValidation", async (request) => {
    const type = request.headers["content-type"]?.toLowerCase();
    if (sendsBody(request.method) && !type?.startsWith("application/json")) {
      throw new ApiError("unsupported_media_type", "Envie o corpo como application/json.");
    }
  });
  await app.register(healthRoutes, { store });
  await app.register(thoughtsRoutes, { store });
  app.setNotFoundHandler(() => {
    throw new ApiError("not_found", "Rota não encontrada.");
  });
};
