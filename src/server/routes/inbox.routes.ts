import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  inboxAnswerSchema,
  inboxParamsSchema,
  inboxPostSchema,
  inboxSettingsSchema,
} from "../../domain/bulk-schemas";
import { apiPaths, apiRoutes } from "../../domain/contract";
import { thoughtInputSchema } from "../../domain/thought";
import type { Store } from "../db";
import { ApiError } from "../errors";
import { readInboxPost } from "../inbox/inbox-post";
import { apiTags } from "../openapi/route-docs";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route's secret is its credential: no anti-forgery cookie is asked of it (an e-reader has none).
     * Only the inbox sets it.
     */
    secretInPath?: boolean;
  }
}

/** Posts per minute and client address at the inbox, counted apart from the app's writes. */
export const INBOX_POSTS_PER_MINUTE = 60;
/** A highlight, its note and its title: far under this. */
export const INBOX_BODY_LIMIT = 32 * 1024;

const refused = () => new ApiError("forbidden", "Endereço de entrada inválido ou renovado.");

/**
 * The private inbox, for e-readers: `POST /api/caixa-de-entrada/:segredo` takes a memos- or flomo-style
 * post (`{"content": …}`, KOReader's) and adds its thought, answering 200 with JSON. Its secret (256
 * random bits, compared in constant time, read from the database on every post, so a rotation stops the
 * old one at once) is its only credential: no password, no anti-forgery cookie, on this route only. Its own
 * rate limit and body limit. Registered outside the password's guard.
 */
export const inboxRoutes: FastifyPluginAsyncZod<{ store: Store; postsPerMinute?: number }> = async (
  app,
  { store, postsPerMinute = INBOX_POSTS_PER_MINUTE },
) => {
  const limit = app.createRateLimit({ max: postsPerMinute, timeWindow: 60_000, allowList: () => false });

  app.post(
    apiRoutes.inbox,
    {
      bodyLimit: INBOX_BODY_LIMIT,
      // Not the app's write limit: its own, below.
      config: { secretInPath: true, rateLimit: false },
      schema: {
        summary: "The private inbox: one highlight from an e-reader",
        description:
          'KOReader\'s memos/flomo export: `{"content": "<text>\\n\\n<note>\\n\\n<title> (page: N)\\n\\n#<title> ' +
          '#koreader"}`. The secret in the path is the only credential (shown and rotated in the settings); a ' +
          "wrong or rotated one is a 403. Its own rate limit and a 32 KiB body limit.",
        tags: [apiTags.files],
        params: inboxParamsSchema,
        body: inboxPostSchema,
        response: { 200: inboxAnswerSchema },
      },
      // Before the body is read: the limit, then the secret.
      onRequest: async (request, reply) => {
        const allowed = await limit(request);
        if (!allowed.isAllowed && allowed.isExceeded) {
          reply.header("Retry-After", allowed.ttlInSeconds);
          throw new ApiError("rate_limited", "Envios demais para a caixa de entrada. Tente em um minuto.");
        }
        const secret = (request.params as { segredo?: unknown }).segredo;
        if (typeof secret !== "string" || !(await store.inbox.matches(secret))) throw refused();
      },
    },
    async (request) => {
      const parsed = thoughtInputSchema.safeParse(readInboxPost(request.body.content));
      if (!parsed.success) {
        throw new ApiError("validation", parsed.error.issues[0]?.message ?? "Destaque inválido.");
      }
      const { id: _none, ...input } = parsed.data;
      const thought = await store.thoughts.create(input);
      return { id: thought.id, status: "ok" as const };
    },
  );
};

/**
 * The inbox's address in the settings, behind the password: `GET /api/caixa-de-entrada` (made on first
 * ask) and `POST /api/caixa-de-entrada/renovar` (a new secret; the old one stops at once).
 */
export const inboxSettingsRoutes: FastifyPluginAsyncZod<{ store: Store; clock: () => number }> = async (
  app,
  { store, clock },
) => {
  const settings = (secret: string) => ({ caminho: apiPaths.inbox(secret), segredo: secret });
  app.get(
    apiRoutes.inboxSettings,
    {
      schema: {
        summary: "The private inbox's address",
        tags: [apiTags.files],
        response: { 200: inboxSettingsSchema },
      },
    },
    async (_request, reply) => {
      reply.header("Cache-Control", "no-store");
      return settings(await store.inbox.secret(clock()));
    },
  );
  app.post(
    apiRoutes.rotateInbox,
    {
      config: { takesNoBody: true },
      schema: {
        summary: "A new secret for the inbox; the old one stops working at once",
        tags: [apiTags.files],
        response: { 200: inboxSettingsSchema },
      },
    },
    async () => settings(await store.inbox.rotate(clock())),
  );
};
