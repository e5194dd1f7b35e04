import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiRoutes } from "../../domain/contract";
import { healthSchema } from "../../domain/contract-schemas";
import type { Store } from "../db";
import { ApiError } from "../errors";
import { apiTags } from "../openapi/route-docs";

/** A monitor wants its answer quickly; a database slower than this to say "1" is not healthy. */
const PING_TIMEOUT_MS = 2_000;

/** Answers whether the database answers: a monitor or a reverse proxy can tell a dead store from a live app. */
export const healthRoutes: FastifyPluginAsyncZod<{ store: Store }> = async (app, { store }) => {
  const schema = {
    summary: "Whether the app and its database answer",
    description: "503 `unavailable` when the database does not answer within 2 s.",
    tags: [apiTags.system],
    response: { 200: healthSchema },
  };
  app.get(apiRoutes.health, { schema }, async (request) => {
    try {
      await withinTime(store.ping(), PING_TIMEOUT_MS);
    } catch (error) {
      request.log.error({ err: error }, "health check: the database does not answer");
      throw new ApiError("unavailable", "O banco de dados não está respondendo.");
    }
    return { status: "ok" as const, database: store.dialect };
  });
};

/**
 * Settles like `work`, or rejects after `ms`. A ping given up on keeps its connection until the database
 * query timeout ends it (see openPostgres), so none is held forever.
 */
async function withinTime(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  // The ping may still fail after we stopped waiting; that failure has nobody left to tell.
  work.catch(() => {});
  try {
    await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
