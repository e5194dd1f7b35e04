import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiPaths, apiRoutes, TOTAL_COUNT_HEADER } from "../../domain/contract";
import {
  authorListQuerySchema,
  authorListSchema,
  sourceListQuerySchema,
  sourceListSchema,
  sourceThoughtListSchema,
  sourceThoughtsQuerySchema,
} from "../../domain/library-schemas";
import type { Store } from "../db";
import { apiTags, header } from "../openapi/route-docs";
import { linkHeader } from "./list-query";

const tags = [apiTags.library];

/** A list's headers: how many match over all pages, and the links to the first, previous, next and last. */
export const pagedAnswer = {
  200: {
    description: "The page's items.",
    headers: {
      [TOTAL_COUNT_HEADER]: header("How many match, over all pages.", "integer"),
      Link: header("RFC 8288 links to the first, previous, next and last pages."),
    },
  },
};

/**
 * Sets a page's headers. The links carry only what the list reads (`kept`), never the rest of the
 * request's query; without a cursor they need only the total.
 */
export function pageHeaders(
  reply: { header(name: string, value: string): unknown },
  path: string,
  { page, limit, total }: { page: number; limit: number; total: number },
  kept: Record<string, string | undefined>,
) {
  reply.header(TOTAL_COUNT_HEADER, String(total));
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(kept)) if (value !== undefined) params.set(name, value);
  reply.header("Link", linkHeader(path, { page, limit }, params.toString(), { items: [], total }));
}

/** The wall as a library (`/api/autores`, `/api/fontes`): its authors and sources, each with its count. */
export const libraryRoutes: FastifyPluginAsyncZod<{ store: Store }> = async (app, { store }) => {
  app.get(
    apiRoutes.authors,
    {
      schema: {
        summary: "The authors on the wall, each with how many thoughts it has, a page at a time",
        description:
          "In pt-BR order (accents and case only break ties, numbers by value). An author is its name " +
          "without case or accents, as the wall's `autoria` filter matches it, shown as its first spelling. " +
          "`prefixo` keeps the authors whose name starts with it, ignoring case and accents.",
        tags,
        querystring: authorListQuerySchema,
        response: { 200: authorListSchema },
      },
      config: { documentedResponses: pagedAnswer },
    },
    async (request, reply) => {
      const { _page: page, _limit: limit, prefixo: prefix } = request.query;
      const found = await store.library.authors({ page, limit, ...(prefix === undefined ? {} : { prefix }) });
      pageHeaders(reply, apiPaths.authors, { page, limit, total: found.total }, { prefixo: prefix });
      return found.items;
    },
  );

  app.get(
    apiRoutes.sources,
    {
      schema: {
        summary:
          "The sources on the wall (books, albums, sites), each with its author and count, a page at a time",
        description:
          "A source is its `fonte` as written and its author (without case or accents, shown as its first " +
          "spelling); thoughts without a source are in none. In pt-BR order of the names, then the authors'. " +
          "`prefixo` keeps the sources whose name starts with it, ignoring case and accents; `autoria` keeps " +
          "one author's.",
        tags,
        querystring: sourceListQuerySchema,
        response: { 200: sourceListSchema },
      },
      config: { documentedResponses: pagedAnswer },
    },
    async (request, reply) => {
      const { _page: page, _limit: limit, prefixo: prefix, autoria: author } = request.query;
      const found = await store.library.sources({
        page,
        limit,
        ...(prefix === undefined ? {} : { prefix }),
        ...(author?.trim() ? { author } : {}),
      });
      pageHeaders(
        reply,
        apiPaths.sources,
        { page, limit, total: found.total },
        { prefixo: prefix, autoria: author },
      );
      return found.items;
    },
  );

  app.get(
    apiRoutes.sourceThoughts,
    {
      schema: {
        summary: "One source's thoughts in the order of their place in it, a page at a time",
        description:
          "`fonte` names the source as written (trimmed); `autoria` narrows it to one author (any case or " +
          "accents) when two share a title. Ordered by `local` with numbers by value ('p. 9' before " +
          "'p. 10'), the thoughts without a place last, ties oldest first. The same thoughts, newest " +
          "first, are `GET /api/pensamentos?fonte=`.",
        tags,
        querystring: sourceThoughtsQuerySchema,
        response: { 200: sourceThoughtListSchema },
      },
      config: { documentedResponses: pagedAnswer },
    },
    async (request, reply) => {
      const { _page: page, _limit: limit, fonte, autoria: author } = request.query;
      const found = await store.library.sourceThoughts({
        source: fonte.trim(),
        page,
        limit,
        ...(author?.trim() ? { author } : {}),
      });
      pageHeaders(
        reply,
        apiPaths.sourceThoughts,
        { page, limit, total: found.total },
        { fonte, autoria: author },
      );
      return found.items;
    },
  );
};
