import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import fastifyRateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { Store } from "./db/database";
import { registerErrorHandler } from "./error-handler";
import { ApiError } from "./errors";
import { healthRoutes } from "./routes/health.routes";
import { thoughtsRoutes } from "./routes/thoughts.routes";
import { registerCsrf } from "./security/csrf";
import { contentSecurityPolicy } from "./security/headers";
import { registerWebApp } from "./web-static";

export interface AppDeps {
  store: Store;
  /** Folder of the built web app (index.html + assets); the API alone is served without it. */
  webRoot?: string;
  logger?: FastifyServerOptions["logger"];
  /** Writes allowed per minute and client; false turns the limit off (benchmarks). */
  writeRateLimit?: number | false;
}

const BODY_LIMIT = 64 * 1024;
const WRITES = new Set(["POST", "PUT", "PATCH"]);

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({ logger: deps.logger ?? false, bodyLimit: BODY_LIMIT, return503OnClosing: true });
  registerErrorHandler(app);
  // Only JSON is accepted: text/plain would otherwise be parsed and reach the routes as a string.
  app.removeContentTypeParser("text/plain");
  app.addHook("preValidation", async (request) => {
    if (WRITES.has(request.method) && !request.headers["content-type"]?.startsWith("application/json")) {
      throw new ApiError("unsupported_media_type", "Envie o corpo como application/json.");
    }
  });

  await app.register(fastifyHelmet, { contentSecurityPolicy, crossOriginEmbedderPolicy: false });
  await app.register(fastifyCookie);
  if (deps.writeRateLimit !== false) {
    await app.register(fastifyRateLimit, {
      max: deps.writeRateLimit ?? 600,
      timeWindow: "1 minute",
      allowList: (request) => !WRITES.has(request.method) && request.method !== "DELETE",
    });
  }
  registerCsrf(app);
  healthRoutes(app, deps.store);
  thoughtsRoutes(app, deps.store);
  await registerWebApp(app, deps.webRoot);
  return app;
}
