import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiPaths, apiRoutes, TOTAL_COUNT_HEADER, TRASH_DAYS } from "../../domain/contract";
import {
  listQuerySchema,
  thoughtListSchema,
  thoughtParamsSchema,
  thoughtSchema,
} from "../../domain/contract-schemas";
import { toListQuery } from "../../domain/list-query";
import { thoughtInputSchema, thoughtPatchSchema, thoughtReplaceSchema } from "../../domain/thought";
import type { Store } from "../db";
import { notFound } from "../errors";
import { idempotent } from "../live/idempotency-keys";
import { expectedVersions, tagged } from "../live/if-match";
import { apiTags, header, noBody } from "../openapi/route-docs";
import { linkHeader } from "./list-query";

const tags = [apiTags.thoughts];
const listHeaders = {
  [TOTAL_COUNT_HEADER]: header("How many thoughts match, over all pages.", "integer"),
  Link: header("RFC 8288 links to the first, previous, next and last pages (next only, with _after)."),
};

/** The json-server contract of the thoughts, newest first; every schema comes from the contract module. */
export const thoughtsRoutes: FastifyPluginAsyncZod<{
  store: Store;
  /** Epoch ms: when a deleted thought went to the trash. */
  clock: () => number;
}> = async (app, { store, clock }) => {
  const repository = store.thoughts;
  const keys = store.idempotency;
  /** A thought's answer (200, or 201 for a create), or none for a thought not found (nothing written). */
  const thoughtAnswer =
    (status: number) =>
    (thought: unknown): { status: number; body: unknown } | undefined =>
      thought === undefined ? undefined : { status, body: thought };

  app.get(
    apiRoutes.thoughts,
    {
      schema: {
        summary: "The wall, newest first, a page at a time",
        description:
          "By page (`_page`) or by cursor (`_after`, the id of the last thought seen), never both; `q` searches " +
          "the text, the author, the source and the note (accents and case aside), `favorito` keeps the " +
          "favourites or the others. json-server's `_sort` (id, conteudo, autoria, fonte, criadoEm; comma " +
          "lists), `_order` (asc, desc), `_start`/`_end` " +
          "(a slice, or `_start` with `_limit`) and `modelo` work as in json-server 0.17; any other `_x` " +
          "parameter is a 400 naming it. Answers are `Cache-Control: private, no-cache`, `Vary: Cookie`.",
        tags,
        querystring: listQuerySchema,
        response: { 200: thoughtListSchema },
      },
      config: { documentedResponses: { 200: { description: "The page's thoughts.", headers: listHeaders } } },
    },
    async (request, reply) => {
      const query = toListQuery(request.query);
      const page = await repository.list(query);
      const rawQuery = request.url.slice(request.url.indexOf("?") + 1 || request.url.length);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      // A slice (_start/_end) has no pages to link, as in json-server.
      if (query.offset === undefined)
        reply.header("Link", linkHeader(apiPaths.thoughts, query, rawQuery, page));
      return page.items;
    },
  );

  app.get(
    apiRoutes.thought,
    {
      schema: { summary: "One thought", tags, params: thoughtParamsSchema, response: { 200: thoughtSchema } },
    },
    async (request, reply) => {
      const thought = await repository.get(request.params.id);
      if (!thought) throw notFound();
      return tagged(reply, thought);
    },
  );

  app.post(
    apiRoutes.thoughts,
    {
      schema: {
        summary: "Create a thought",
        description: "criadoEm, atualizadoEm and versao are set by the server: sent here, they are ignored. The answer's `ETag` is the version; `Idempotency-Key` makes a retry safe.",
        tags,
        body: thoughtInputSchema,
        response: { 201: thoughtSchema },
      },
      config: {
        documentedResponses: {
          201: {
            description: "The thought as stored.",
            headers: { Location: header("The new thought's path.") },
          },
        },
      },
    },
    async (request, reply) => {
      const { id: _ignored, ...input } = request.body;
      const thought = await idempotent(request, keys, thoughtAnswer(201), () => repository.create(input));
      reply.code(201).header("Location", apiPaths.thought(thought.id));
      return tagged(reply, thought);
    },
  );

  app.put(
    apiRoutes.thought,
    {
      schema: {
        summary: "Replace the fields a thought's body names",
        description:
          "conteudo and autoria are required; a field the body leaves out keeps its stored value (a client that knows fewer fields never erases the others). The id comes from the path; one in the body is ignored, and so are criadoEm, atualizadoEm and versao (the server's: atualizadoEm and versao move with the change). `If-Match: \"<versao>\"` (or a comma list, or *) makes it conditional: a stale version is a 412 `versao_desatualizada` with `atual`, the thought as it is; a malformed If-Match a 400.",
        tags,
        params: thoughtParamsSchema,
        body: thoughtReplaceSchema,
        response: { 200: thoughtSchema },
      },
    },
    async (request, reply) => {
      // The id comes from the path; one echoed in the body is ignored. What the body leaves out keeps its
      // stored value, so a replace is a change of every field it names.
      const { id: _ignored, ...input } = request.body;
      const expected = expectedVersions(request);
      const thought = await idempotent(request, keys, thoughtAnswer(200), () =>
        repository.update(request.params.id, input, expected),
      );
      if (!thought) throw notFound();
      return tagged(reply, thought);
    },
  );

  app.patch(
    apiRoutes.thought,
    {
      schema: {
        summary: "Change some fields of a thought",
        description:
          'At least one field; the favourite toggle sends `{"favorito": true}`. criadoEm and atualizadoEm are the server\'s: sent here, they are ignored.',
        tags,
        params: thoughtParamsSchema,
        body: thoughtPatchSchema,
        response: { 200: thoughtSchema },
      },
    },
    async (request, reply) => {
      const { id: _ignored, ...patch } = request.body;
      const expected = expectedVersions(request);
      const thought = await idempotent(request, keys, thoughtAnswer(200), () =>
        repository.update(request.params.id, patch, expected),
      );
      if (!thought) throw notFound();
      return tagged(reply, thought);
    },
  );

  // To the trash (trash.routes.ts), where it can be restored for TRASH_DAYS.
  app.delete(
    apiRoutes.thought,
    {
      schema: {
        summary: "Move a thought to the trash",
        description: `It leaves the wall, its counts, searches and exports, and can be restored for ${TRASH_DAYS} days.`,
        tags,
        params: thoughtParamsSchema,
      },
      config: { documentedResponses: { 204: noBody("In the trash.") } },
    },
    async (request, reply) => {
      const expected = expectedVersions(request);
      const removed = await idempotent(
        request,
        keys,
        (gone: boolean) => (gone ? { status: 204, body: undefined } : undefined),
        () => repository.remove(request.params.id, clock(), expected),
      );
      if (!removed) throw notFound();
      return reply.code(204).send();
    },
  );
};
