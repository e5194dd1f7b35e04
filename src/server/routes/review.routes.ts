import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiPaths, apiRoutes } from "../../domain/contract";
import { thoughtParamsSchema } from "../../domain/contract-schemas";
import {
  memoriseMarkSchema,
  memoriseResultSchema,
  reviewAnswerResultSchema,
  reviewAnswerSchema,
  reviewDaySchema,
  reviewFeedLinkSchema,
  reviewFeedQuerySchema,
  reviewHistorySchema,
  reviewMessages,
  reviewQuerySchema,
  reviewSettingsPatchSchema,
  reviewSettingsSchema,
} from "../../domain/review-schemas";
import { ApiError } from "../errors";
import { apiTags, noBody } from "../openapi/route-docs";
import { atomFeed } from "../review/feed";
import type { Review } from "../review/review-service";

const tags = [apiTags.review];

/**
 * The daily review (`/api/revisao`, issue 41), behind the password like the thoughts; the writes need the
 * anti-forgery header. The feed is apart (reviewFeedRoutes): it is read with its own token, never the session.
 */
export const reviewRoutes: FastifyPluginAsyncZod<{ review: Review }> = async (app, { review }) => {
  // The token's rotation sends no body; a client that labels its empty request as JSON is let through too.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (body === "") return done(null, undefined);
    parseJson(request, String(body), done);
  });

  app.get(
    apiRoutes.review,
    {
      schema: {
        summary: "The day's review (or a theme's)",
        description:
          "The day's set: chosen once per review day (the day turns at `viradaHora` in `fusoHorario`) and kept, " +
          "so every device sees the same cards and progress. With `etiqueta`, `autoria`, `fonte` or `q` (the " +
          "wall's meaning), a review of that theme alone, kept apart from the day's. `feitos` counts the cards " +
          "answered today, `sequencia` the days in a row with a review.",
        tags,
        querystring: reviewQuerySchema,
        response: { 200: reviewDaySchema },
      },
    },
    async (request) => review.today(request.query),
  );

  app.post(
    apiRoutes.reviewAnswers,
    {
      schema: {
        summary: "Answer a card of the review",
        description:
          "`proximo`, `favoritar` (also favourites the thought), `em_breve` / `mais_tarde` / `bem_depois` (back " +
          "in a review in about 7, 14, 28 days), `descartar` (never again in a review, undone by DELETE " +
          "/api/revisao/descartes/:id); for a memorise card FSRS's `de_novo` / `dificil` / `bom` / `facil`. " +
          "Kept in the review log. The same `pedidoId` again answers the same and counts once. 404 " +
          "`not_found` for a thought trashed or gone.",
        tags,
        body: reviewAnswerSchema,
        response: { 200: reviewAnswerResultSchema },
      },
    },
    async (request) => review.answer(request.body),
  );

  app.delete(
    apiRoutes.reviewDiscard,
    {
      schema: {
        summary: "Undo 'descartar': the thought may come back in a review",
        tags,
        params: thoughtParamsSchema,
      },
      config: { documentedResponses: { 204: noBody("It may come back.") } },
    },
    async (request, reply) => {
      await review.undiscard(request.params.id);
      return reply.code(204).send();
    },
  );

  app.put(
    apiRoutes.reviewMemorise,
    {
      schema: {
        summary: "Mark a thought to memorise",
        description:
          "A cloze (`lacuna`, the indexes of the words to hide, counted from 0 over the text split at white " +
          "space) or 'Quem disse?' (`quem`). Its FSRS card (kept when the mark changes) is due at once; the " +
          "due cards fill the second half of the day's set.",
        tags,
        params: thoughtParamsSchema,
        body: memoriseMarkSchema,
        response: { 200: memoriseResultSchema },
      },
    },
    async (request) => review.mark(request.params.id, request.body),
  );

  app.delete(
    apiRoutes.reviewMemorise,
    {
      schema: { summary: "Stop memorising a thought", tags, params: thoughtParamsSchema },
      config: { documentedResponses: { 204: noBody("No longer memorised.") } },
    },
    async (request, reply) => {
      await review.unmark(request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    apiRoutes.reviewSettings,
    {
      schema: {
        summary: "The review's settings",
        description: "Kept on the server, so every device agrees; `feedUrl` is the feed's private address.",
        tags,
        response: { 200: reviewSettingsSchema },
      },
    },
    async () => review.settings(),
  );

  app.put(
    apiRoutes.reviewSettings,
    {
      schema: {
        summary: "Change the review's settings",
        description:
          "Only the fields sent change; in `pesos`, each of `etiquetas`, `autorias`, `fontes` sent replaces that " +
          "map. 400 with a pt-BR message naming the field when one is out of range or of the wrong type.",
        tags,
        body: reviewSettingsPatchSchema,
        response: { 200: reviewSettingsSchema },
      },
    },
    async (request) => review.changeSettings(request.body),
  );

  app.post(
    apiRoutes.reviewFeedToken,
    {
      config: { takesNoBody: true },
      schema: {
        summary: "A new private address for the feed",
        description: "No body. The old address answers 404 from now on.",
        tags,
        response: { 200: reviewFeedLinkSchema },
      },
    },
    async () => review.rotateFeedToken(),
  );

  app.get(
    apiRoutes.reviewHistory,
    {
      schema: {
        summary: "The review's history",
        description: "The days with a review (at least one answer) in the last 12 months, and the streak.",
        tags,
        response: { 200: reviewHistorySchema },
      },
    },
    async () => review.history(),
  );
};

/**
 * `GET /api/revisao/feed.atom?token=`: the Atom feed of each day's review, read by a feed reader with the
 * feed's private token, never with the session cookie (so it is served when a password is set, and only
 * with the token). A wrong, missing or rotated token is a 404, as for an address that names nothing.
 */
export const reviewFeedRoutes: FastifyPluginAsyncZod<{ review: Review }> = async (app, { review }) => {
  app.get(
    apiRoutes.reviewFeed,
    {
      schema: {
        summary: "The review's Atom feed (read with its private token)",
        tags,
        querystring: reviewFeedQuerySchema,
      },
      config: {
        documentedResponses: {
          200: {
            description: "The feed: one entry per day, the cards' text, authors and links.",
            content: { "application/atom+xml": { schema: { type: "string" } } },
          },
        },
      },
    },
    async (request, reply) => {
      const feed = await review.feed(request.query.token);
      if (!feed) throw new ApiError("not_found", reviewMessages.feedGone);
      const origin = `${request.protocol}://${request.host}`;
      return reply
        .header("Content-Type", "application/atom+xml; charset=utf-8")
        .header("Cache-Control", "private, no-cache")
        .header("Referrer-Policy", "no-referrer")
        .send(atomFeed(origin, apiPaths.reviewFeed, feed.updated, feed.days));
    },
  );
};
