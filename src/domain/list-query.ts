import type { z } from "zod";
import type { listQuerySchema } from "./contract-schemas";
import { jsonServerQuery } from "./json-server-params";
import { SEARCH_MIN } from "./rules";
import { effectiveSearch } from "./search-text";
import type { ThoughtListQuery } from "./thought-list";

/** The wall's query string, checked, as the repository (and the web's test store) asks for a page. */
export function toListQuery(parsed: z.output<typeof listQuerySchema>): ThoughtListQuery {
  return {
    page: parsed._page ?? 1,
    after: parsed._after,
    limit: parsed._limit,
    search: effectiveSearch(parsed.q, SEARCH_MIN),
    favorite: parsed.favorito === undefined ? undefined : parsed.favorito === "true",
    ...jsonServerQuery(parsed),
  };
}
