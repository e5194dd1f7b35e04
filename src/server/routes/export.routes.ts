import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiRoutes } from "../../domain/contract";
import { EXPORT_FORMATS, exportQuerySchema } from "../../domain/contract-schemas";
import type { Store } from "../db";
import { exportFileName, exportFormats } from "../export/formats";
import { exportStream, primed } from "../export/stream";
import { apiTags } from "../openapi/route-docs";

const schema = {
  summary: "The whole wall as a download, oldest first",
  tags: [apiTags.files],
  querystring: exportQuerySchema,
};
const documentedResponses = {
  200: {
    description: "The file, as an attachment named after the server's local date.",
    content: Object.fromEntries(
      EXPORT_FORMATS.map((format) => [
        exportFormats[format].contentType.split(";")[0],
        { schema: { type: "string", description: `format=${format}` } },
      ]),
    ),
  },
};

/**
 * `GET /api/export?format=json|markdown|csv`: the whole wall as a download, oldest first, streamed in
 * keyset chunks. Behind the password like the thoughts (registered in the guarded part of the API).
 */
export const exportRoutes: FastifyPluginAsyncZod<{ store: Store; clock?: () => Date }> = async (
  app,
  { store, clock = () => new Date() },
) => {
  app.get(apiRoutes.export, { schema, config: { documentedResponses } }, async (request, reply) => {
    const { format } = request.query;
    const exportedAt = clock();
    const thoughts = await primed(store.thoughts.every());
    return reply
      .header("Content-Type", exportFormats[format].contentType)
      .header("Content-Disposition", `attachment; filename="${exportFileName(format, exportedAt)}"`)
      .header("Cache-Control", "no-store")
      .send(exportStream(thoughts, format, exportedAt, { reviewLog: store.review.log() }));
  });
};
