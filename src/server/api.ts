import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { isWriteMethod } from "../domain/contract";
import type { Access } from "./auth/access";
import type { SignIn } from "./auth/sign-in";
import type { CardImagesOptions } from "./card-image/card-images";
import type { Store } from "./db";
import { ApiError } from "./errors";
import { registerIdempotencyKeys } from "./live/idempotency-keys";
import { LiveHub } from "./live/live-hub";
import { eventsRoutes, type OpenStreams } from "./routes/events.routes";
import { exportRoutes } from "./routes/export.routes";
import { healthRoutes } from "./routes/health.routes";
import { imageRoutes } from "./routes/image.routes";
import { importRoutes } from "./routes/import.routes";
import { labelsRoutes } from "./routes/labels.routes";
import { libraryRoutes } from "./routes/library.routes";
import { registerOpenapi } from "./routes/openapi.routes";
import { picksRoutes } from "./routes/picks.routes";
import { sessionRoutes } from "./routes/session.routes";
import { suggestionsRoutes } from "./routes/suggestions.routes";
import { thoughtsRoutes } from "./routes/thoughts.routes";
import { trashRoutes } from "./routes/trash.routes";
import { registerPrivateAnswers } from "./security/private-answers";

export interface ApiOptions {
  store: Store;
  access: Access;
  signIn: SignIn;
  /** Epoch ms: the day of the thought of the day, and when a thought went to the trash (tests move it). */
  clock?: () => number;
  /** Card images: drawings per minute and client, and the drawing's bounds (see image.routes.ts). */
  imageRateLimit?: number;
  cardImages?: CardImagesOptions;
}

/**
 * DELETE names its target in the path; every other write sends a JSON body, but for a file
 * (`config.takesFile`) or a write that reads none (`config.takesNoBody`, say a restore from the trash).
 */
const sendsBody = (method: string) => isWriteMethod(method) && method !== "DELETE";

/**
 * Everything under the API prefix: JSON only, its routes, and a JSON 404 of its own. The health check and
 * the session are open to all; every other route sits behind the password, when one is set.
 */
export const api: FastifyPluginAsyncZod<ApiOptions> = async (
  app,
  { store, access, signIn, clock = Date.now, imageRateLimit, cardImages },
) => {
  app.addHook("preValidation", async (request) => {
    const type = request.headers["content-type"]?.toLowerCase();
    const { takesFile, takesNoBody } = request.routeOptions.config;
    if (takesFile || takesNoBody) return;
    if (sendsBody(request.method) && !type?.startsWith("application/json")) {
      throw new ApiError("unsupported_media_type", "Envie o corpo como application/json.");
    }
  });
  // First: it documents every route declared after it (and is open, like the health check).
  await registerOpenapi(app);
  await app.register(healthRoutes, { store });
  // The live streams of this instance: a sign-out here ends those of its session at once.
  let streams: OpenStreams | undefined;
  await app.register(sessionRoutes, { access, signIn, signedOut: (tokenHash) => streams?.end(tokenHash) });
  await app.register(async (guarded) => {
    guarded.addHook("onRequest", access.guard);
    registerPrivateAnswers(guarded);
    // After the guard: a key is looked up only for a request that may write.
    registerIdempotencyKeys(guarded, { repository: store.idempotency, clock: Date.now });
    await guarded.register(eventsRoutes, {
      store,
      hub: new LiveHub(store),
      auth: store.auth,
      streams: (open) => {
        streams = open;
      },
      clock,
    });
    await guarded.register(thoughtsRoutes, { store, clock });
    await guarded.register(trashRoutes, { store, clock });
    await guarded.register(labelsRoutes, { store });
    await guarded.register(libraryRoutes, { store });
    await guarded.register(picksRoutes, { store, clock: () => new Date(clock()) });
    await guarded.register(suggestionsRoutes, { store });
    await guarded.register(imageRoutes, { store, drawsPerMinute: imageRateLimit, cardImages });
    await guarded.register(exportRoutes, { store });
    await guarded.register(importRoutes, { store });
  });
  app.setNotFoundHandler(() => {
    throw new ApiError("not_found", "Rota não encontrada.");
  });
};
