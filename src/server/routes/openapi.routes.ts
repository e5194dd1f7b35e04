import fastifySwagger from "@fastify/swagger";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiRoutes } from "../../domain/contract";
import { openapiOptions } from "../openapi/document";

/**
 * `GET /api/openapi.json`, the OpenAPI 3.1 document of the API.
 * Called on the API's own instance before any of its routes: the generator watches every route declared
 * after it there and in the plugins below, so a new route is in the document without a word here. It is
 * open like the health check (it describes the API and holds no data), and passes the Host check and the
 * other protections of every request. A page that shows it (Swagger UI) was tried and left out: axe finds
 * violations in its own markup (nested interactive controls, contrast, heading order).
 */
export async function registerOpenapi(app: Parameters<FastifyPluginAsyncZod>[0]): Promise<void> {
  await app.register(fastifySwagger, openapiOptions);

  app.get(apiRoutes.openapi, async (_request, reply) => {
    reply.header("Cache-Control", "no-cache");
    return app.swagger();
  });
}
