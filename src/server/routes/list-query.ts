import { z } from "zod";
import { LIMIT_MAX, PAGE_SIZE, SEARCH_MIN } from "../../domain/rules";
import { effectiveSearch } from "../../domain/search-text";
import type { ThoughtListQuery } from "../db/thoughts.repository";

const positiveInt = (name: string, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} deve ser um número inteiro positivo.`)
    .transform(Number)
    .pipe(
      z.number().int().min(1, `${name} deve ser no mínimo 1.`).max(max, `${name} deve ser no máximo ${max}.`),
    );

/** The json-server query of the wall: _page, _limit, q and favorito, each checked. */
export const listQuerySchema = z.object({
  _page: positiveInt("_page", 1_000_000).default(1),
  _limit: positiveInt("_limit", LIMIT_MAX).default(PAGE_SIZE),
  q: z.string().max(200, "q deve ter no máximo 200 caracteres.").optional(),
  favorito: z.enum(["true", "false"], { error: "favorito deve ser true ou false." }).optional(),
});

export function toListQuery(parsed: z.infer<typeof listQuerySchema>): ThoughtListQuery {
  return {
    page: parsed._page,
    limit: parsed._limit,
    search: effectiveSearch(parsed.q, SEARCH_MIN),
    favorito: parsed.favorito === undefined ? undefined : parsed.favorito === "true",
  };
}

/** json-server's Link header: first, prev, next and last pages, keeping the other query parameters. */
export function linkHeader(
  path: string,
  query: ThoughtListQuery,
  raw: Record<string, string>,
  total: number,
) {
  const last = Math.max(1, Math.ceil(total / query.limit));
  const url = (page: number) => {
    const params = new URLSearchParams({ ...raw, _page: String(page), _limit: String(query.limit) });
    return `<${path}?${params.toString()}>`;
  };
  const links = [`${url(1)}; rel="first"`];
  if (query.page > 1) links.push(`${url(Math.min(query.page - 1, last))}; rel="prev"`);
  if (query.page < last) links.push(`${url(query.page + 1)}; rel="next"`);
  links.push(`${url(last)}; rel="last"`);
  return links.join(", ");
}
