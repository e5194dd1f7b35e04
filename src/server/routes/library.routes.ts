import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiPaths, apiRoutes, TOTAL_COUNT_HEADER } from "../../domain/contract";
import { authorListQuerySchema, authorListSchema } from "../../domain/library-schemas";
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
};
