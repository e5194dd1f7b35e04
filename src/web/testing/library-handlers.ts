import { HttpResponse, type HttpResponseResolver, http, type PathParams } from "msw";
import type { z } from "zod";
import { apiPaths, TOTAL_COUNT_HEADER } from "../../domain/contract";
import {
  authorListQuerySchema,
  sourceListQuerySchema,
  sourceThoughtsQuerySchema,
} from "../../domain/library-schemas";
import { authorKey, foldText } from "../../domain/search-text";
import { errorAnswer } from "./answers";
import type { ThoughtStore } from "./thought-store";

/** The request checks every handler goes through first (controls, session, anti-forgery). */
type Route = <Params extends PathParams>(
  answer: HttpResponseResolver<Params>,
) => HttpResponseResolver<Params>;

const collator = new Intl.Collator("pt-BR", { numeric: true });
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The query a handler reads, checked by the route's own schema, or the 400 the server would answer. */
function queryOf<S extends z.ZodType>(schema: S, request: Request) {
  const parsed = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (parsed.success) return { query: parsed.data as z.output<S> };
  return { refused: errorAnswer("validation", parsed.error.issues[0]?.message ?? "Dados inválidos.") };
}

function paged<T>(items: T[], page: number, limit: number) {
  return HttpResponse.json(items.slice((page - 1) * limit, page * limit), {
    headers: { [TOTAL_COUNT_HEADER]: String(items.length) },
  });
}

const startsWith = (name: string, prefix: string | undefined) =>
  foldText(name).startsWith(foldText((prefix ?? "").trimStart()));

/** The library's API (authors, sources, a source's thoughts) over the store, as the real server answers it. */
export function libraryHandlers(store: ThoughtStore, route: Route) {
  /** Groups the thoughts by a key; each group is named by its first spelling in code point order. */
  function grouped<K extends string>(keyOf: (t: ReturnType<ThoughtStore["all"]>[number]) => K | undefined) {
    const groups = new Map<K, ReturnType<ThoughtStore["all"]>>();
    for (const thought of store.all()) {
      const key = keyOf(thought);
      if (key === undefined) continue;
      groups.set(key, [...(groups.get(key) ?? []), thought]);
    }
    return [...groups.values()].map((thoughts) => ({
      author: thoughts.map((t) => t.autoria).sort(byCodePoint)[0] ?? "",
      source: thoughts[0]?.fonte ?? "",
      total: thoughts.length,
    }));
  }

  return [
    http.get(
      apiPaths.authors,
      route(({ request }) => {
        const { query, refused } = queryOf(authorListQuerySchema, request);
        if (!query) return refused;
        const authors = grouped((t) => authorKey(t.autoria))
          .map(({ author, total }) => ({ nome: author, total }))
          .filter((author) => startsWith(author.nome, query.prefixo))
          .sort((a, b) => collator.compare(a.nome, b.nome));
        return paged(authors, query._page, query._limit);
      }),
    ),

    http.get(
      apiPaths.sources,
      route(({ request }) => {
        const { query, refused } = queryOf(sourceListQuerySchema, request);
        if (!query) return refused;
        const only = query.autoria === undefined ? undefined : authorKey(query.autoria);
        const sources = grouped((t) =>
          t.fonte && (only === undefined || authorKey(t.autoria) === only)
            ? `${t.fonte}\n${authorKey(t.autoria)}`
            : undefined,
        )
          .map(({ source, author, total }) => ({ nome: source, autoria: author, total }))
          .filter((source) => startsWith(source.nome, query.prefixo))
          .sort((a, b) => collator.compare(a.nome, b.nome) || collator.compare(a.autoria, b.autoria));
        return paged(sources, query._page, query._limit);
      }),
    ),

    http.get(
      apiPaths.sourceThoughts,
      route(({ request }) => {
        const { query, refused } = queryOf(sourceThoughtsQuerySchema, request);
        if (!query) return refused;
        const author = query.autoria === undefined ? undefined : authorKey(query.autoria);
        const thoughts = store
          .all()
          .filter(
            (t) =>
              t.fonte === query.fonte.trim() && (author === undefined || authorKey(t.autoria) === author),
          )
          .sort(
            (a, b) =>
              Number(!a.local) - Number(!b.local) || collator.compare(a.local, b.local) || a.id - b.id,
          );
        return paged(thoughts, query._page, query._limit);
      }),
    ),
  ];
}
