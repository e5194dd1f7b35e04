import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiRoutes } from "../../domain/contract";
import { thoughtParamsSchema } from "../../domain/contract-schemas";
import { messages } from "../../domain/messages";
import {
  type CardImages,
  type CardImagesOptions,
  cardEtag,
  createCardImages,
  etagMatches,
} from "../card-image/card-images";
import { CardsBusyError, CardTooSlowError } from "../card-image/draw-queue";
import type { Store } from "../db";
import { ApiError, notFound } from "../errors";
import { apiTags, header, noBody } from "../openapi/route-docs";

const schema = {
  summary: "The thought's card as an image, to share",
  description:
    "A 1200×630 PNG of the card as the wall draws it: its model's picture and shadow, the text (smaller " +
    "as it grows, cut with … past what fits) and the author. The same thought always gives the same " +
    "bytes. Send the `ETag` back in `If-None-Match` to get a 304 while the thought is unchanged. " +
    "Drawings are bounded: two at once in the server and a short line (429 past it), 30 per minute and " +
    "client (429 with `Retry-After`), 5 s of waiting (503); a card drawn lately is answered regardless.",
  tags: [apiTags.thoughts],
  params: thoughtParamsSchema,
};
const documentedResponses = {
  200: {
    description: "The card.",
    headers: {
      ETag: header("A hash of what the card shows; it changes when the thought does."),
      "Cache-Control": header("`private, no-cache`: keep it, but ask again before showing it."),
    },
    content: { "image/png": { schema: { type: "string", contentMediaType: "image/png" } } },
  },
  304: noBody("Unchanged since the ETag in If-None-Match."),
};

/** A share dialog draws one card; a person sharing thought after thought stays well under this. */
export const DEFAULT_DRAWS_PER_MINUTE = 30;

export interface ImageRoutesOptions {
  store: Store;
  /** Card drawings per minute and client. */
  drawsPerMinute?: number;
  cardImages?: CardImagesOptions;
}

/**
 * `GET /api/pensamentos/:id/imagem.png`: the thought's card as a 1200×630 PNG, to share. Behind the
 * password like the thoughts (registered in the guarded part of the API). The ETag is a hash of what the
 * card shows, known from the thought alone: a browser revalidating an unchanged card gets a 304 without a
 * drawing, and `private, no-cache` makes it ask every time, so an edited thought is never shown stale.
 * Only drawings count against a client's limit: a 304 or a card in memory costs next to nothing.
 */
export const imageRoutes: FastifyPluginAsyncZod<ImageRoutesOptions> = async (
  app,
  { store, drawsPerMinute = DEFAULT_DRAWS_PER_MINUTE, cardImages },
) => {
  const images: CardImages = createCardImages(cardImages);
  // The drawing workers would keep the process (and a test run) alive after the server closes.
  app.addHook("onClose", () => images.close());
  // The app's rate-limit plugin, keyed like the write limit (the client's address), with a count of its own.
  const drawLimit = app.createRateLimit({ max: drawsPerMinute, timeWindow: 60_000, allowList: () => false });

  app.get(apiRoutes.thoughtImage, { schema, config: { documentedResponses } }, async (request, reply) => {
    const thought = await store.thoughts.get(request.params.id);
    if (!thought) throw notFound();
    const etag = cardEtag(thought);
    reply.header("ETag", etag).header("Cache-Control", "private, no-cache");
    if (etagMatches(request.headers["if-none-match"], etag)) return reply.code(304).send();
    const kept = images.kept(thought);
    if (kept) return reply.type("image/png").send(kept);
    const limit = await drawLimit(request);
    if (!limit.isAllowed && limit.isExceeded) {
      reply.header("Retry-After", limit.ttlInSeconds);
      throw new ApiError("rate_limited", messages.imageRateLimited);
    }
    try {
      return reply.type("image/png").send(await images.png(thought));
    } catch (error) {
      if (error instanceof CardsBusyError) throw new ApiError("rate_limited", messages.imageBusy);
      if (error instanceof CardTooSlowError) throw new ApiError("unavailable", messages.imageTooSlow);
      throw error;
    }
  });
};
