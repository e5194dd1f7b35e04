import type { z } from "zod";
import type { listQuerySchema } from "./contract-schemas";
import { jsonServerQuery } from "./json-server-params";
import { labelKey } from "./labels";
import { SEARCH_MIN } from "./rules";
import { authorKey, effectiveSearch } from "./search-text";
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
    ...labelAndAuthor(parsed),
  };
}

/** An empty label, author or source filters nothing, as an empty search does. */
function labelAndAuthor(
  parsed: z.output<typeof listQuerySchema>,
): Pick<ThoughtListQuery, "label" | "without" | "author" | "source"> {
  const label = labelKey(parsed.etiqueta ?? "");
  const without = labelKey(parsed.sem ?? "");
  const author = authorKey(parsed.autoria ?? "");
  const source = (parsed.fonte ?? "").trim();
  return {
    ...(label ? { label } : {}),
    ...(without ? { without } : {}),
    ...(author ? { author } : {}),
    ...(source ? { source } : {}),
  };
}
