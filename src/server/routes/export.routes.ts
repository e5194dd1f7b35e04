import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiRoutes } from "../../domain/contract";
import { exportQuerySchema } from "../../domain/contract-schemas";
import type { Store } from "../db";
import { exportFileName, exportFormats } from "../export/formats";
import { exportStream, primed } from "../export/stream";

/**
 * `GET /api/export?format=json|markdown|csv`: the whole wall as a download, oldest first, streamed in
 * keyset chunks. Behind the password like the thoughts (registered in the guarded part of the API).
 */
export const exportRoutes: FastifyPluginAsyncZod<{ store: Store; clock?: () => Date }> = async (
  app,
  { store, clock = () => new Date() },
) => {
  app.get(apiRoutes.export, { schema: { querystring: exportQuerySchema } }, async (request, reply) => {
    const { format } = request.query;
    const exportedAt = clock();
    const thoughts = await primed(store.thoughts.every());
    return reply
      .header("Content-Type", exportFormats[format].contentType)
      .header("Content-Disposition", `attachment; filename="${exportFileName(format, exportedAt)}"`)
      .header("Cache-Control", "no-store")
      .send(exportStream(thoughts, format, exportedAt));
  });
};
