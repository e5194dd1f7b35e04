import fastifySwagger from "@fastify/swagger";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiPaths, apiRoutes } from "../../domain/contract";
import { type DocsSource, renderDocsPage } from "../openapi/docs-page";
import { openapiOptions } from "../openapi/document";
import { apiTags } from "../openapi/route-docs";

const tags = [apiTags.system];

/**
 * `GET /api/openapi.json`, the OpenAPI 3.1 document of the API, and `GET /api/docs`, the same as a page.
 * Called on the API's own instance before any of its routes: the generator watches every route declared
 * after it there and in the plugins below, so a new route is in the document without a word here. It is
 * open like the health check (they describe the API and hold no data), and pass the Host check and the
 * other protections of every request. The page is ours, plain HTML written from the document (each route's
 * own summary and description): the libraries that show a document were tried against this page's checks
 * and left out. @fastify/swagger-ui 6.1 (Swagger UI 5) applies an inline style its own CSP blocks, and axe
 * finds six kinds of violations in its markup (nested controls, contrast on 31 elements, heading order, an
 * image and a field without a name, content outside landmarks); Scalar 1.76 runs an inline script and
 * inline styles (it needs 'unsafe-inline', which the app's policy never allows), loads 3 MB of script, and
 * axe still finds low contrast, a wrong role and a page without a language.
 */
export async function registerOpenapi(app: Parameters<FastifyPluginAsyncZod>[0]): Promise<void> {
  await app.register(fastifySwagger, openapiOptions);

  app.get(
    apiRoutes.openapi,
    {
      schema: { summary: "This document", description: "Generated from the routes' schemas.", tags },
      config: {
        documentedResponses: {
          200: {
            description: "The OpenAPI 3.1 document.",
            content: { "application/json": { schema: { type: "object" } } },
          },
        },
      },
    },
    async (_request, reply) => {
      reply.header("Cache-Control", "no-cache");
      return app.swagger();
    },
  );

  app.get(
    apiRoutes.docs,
    {
      schema: { summary: "This document as a page to read", tags },
      config: {
        documentedResponses: {
          200: {
            description: "Plain HTML, no script.",
            content: { "text/html": { schema: { type: "string" } } },
          },
        },
      },
    },
    async (_request, reply) => {
      const doc = app.swagger() as unknown as DocsSource;
      return reply
        .header("Cache-Control", "no-cache")
        .type("text/html; charset=utf-8")
        .send(renderDocsPage(doc, apiPaths.openapi));
    },
  );
}
