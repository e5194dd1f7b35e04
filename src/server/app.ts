import fastifyCookie from "@fastify/cookie";
import fastifyRateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { API_PREFIX, isWriteMethod } from "../domain/contract";
import { api } from "./api";
import type { Store } from "./db/database";
import { registerErrorHandler } from "./error-handler";
import { registerCsrf } from "./security/csrf";
import { registerSecurityHeaders } from "./security/headers";
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

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({ logger: deps.logger ?? false, bodyLimit: BODY_LIMIT, return503OnClosing: true });
  // Routes declare zod schemas from the contract: requests are validated and answers serialised by them.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Only JSON is accepted: text/plain would otherwise be parsed and reach the routes as a string.
  app.removeContentTypeParser("text/plain");

  registerSecurityHeaders(app);
  await app.register(fastifyCookie);
  if (deps.writeRateLimit !== false) {
    await app.register(fastifyRateLimit, {
      max: deps.writeRateLimit ?? 600,
      timeWindow: "1 minute",
      allowList: (request) => !isWriteMethod(request.method),
    });
  }
  registerCsrf(app);
  await app.register(api, { prefix: API_PREFIX, store: deps.store });
  await registerWebApp(app, deps.webRoot);
  return app;
}
