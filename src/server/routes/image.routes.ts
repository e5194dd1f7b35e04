import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiRoutes } from "../../domain/contract";
import { thoughtParamsSchema } from "../../domain/contract-schemas";
import { type CardImages, cardEtag, createCardImages, etagMatches } from "../card-image/card-images";
import type { Store } from "../db/database";
import { notFound } from "../errors";

/**
 * `GET /api/pensamentos/:id/imagem.png`: the thought's card as a 1200×630 PNG, to share. Behind the
 * password like the thoughts (registered in the guarded part of the API). The ETag is a hash of what the
 * card shows, known from the thought alone: a browser revalidating an unchanged card gets a 304 without a
 * drawing, and `private, no-cache` makes it ask every time, so an edited thought is never shown stale.
 */
export const imageRoutes: FastifyPluginAsyncZod<{ store: Store; images?: CardImages }> = async (
  app,
  { store, images = createCardImages() },
) => {
  app.get(apiRoutes.thoughtImage, { schema: { params: thoughtParamsSchema } }, async (request, reply) => {
    const thought = await store.thoughts.get(request.params.id);
    if (!thought) throw notFound();
    const etag = cardEtag(thought);
    reply.header("ETag", etag).header("Cache-Control", "private, no-cache");
    if (etagMatches(request.headers["if-none-match"], etag)) return reply.code(304).send();
    const png = await images.png(thought);
    return reply.type("image/png").send(png);
  });
};
