import type { ThoughtListQuery, ThoughtPage } from "../../domain/thought-list";

/**
 * json-server's Link header: first, prev, next and last pages. The other parameters are kept as the
 * client wrote them (`rawQuery` is the query string of the request), so following a link repeats the search.
 */
export function linkHeader(path: string, query: ThoughtListQuery, rawQuery: string, page: ThoughtPage) {
  if (query.after !== undefined) return cursorLinks(path, query, rawQuery, page);
  const { total } = page;
  const last = Math.max(1, Math.ceil(total / query.limit));
  // The query string is parsed and written once, with a stand-in for the page that each link fills in
  // (`set` keeps _page where the client wrote it, so it occurs once and exactly there).
  const params = new URLSearchParams(rawQuery);
  params.set("_page", PAGE_STAND_IN);
  params.set("_limit", String(query.limit));
  const written = `${path}?${params.toString()}`;
  const at = Math.max(written.indexOf(`?${PAGE_WRITTEN}`), written.indexOf(`&${PAGE_WRITTEN}`)) + 1;
  const before = written.slice(0, at);
  const after = written.slice(at + PAGE_WRITTEN.length);
  const url = (page: number) => `<${before}_page=${page}${after}>`;
  const links = [`${url(1)}; rel="first"`];
  if (query.page > 1) links.push(`${url(Math.min(query.page - 1, last))}; rel="prev"`);
  if (query.page < last) links.push(`${url(query.page + 1)}; rel="next"`);
  links.push(`${url(last)}; rel="last"`);
  return links.join(", ");
}

/**
 * A cursor's links: first (the query without a cursor) and, when more thoughts follow, next, whose cursor
 * is the last id of this page. There is no last or prev: a cursor only reads forward.
 */
function cursorLinks(path: string, query: ThoughtListQuery, rawQuery: string, page: ThoughtPage) {
  const params = new URLSearchParams(rawQuery);
  params.delete("_after");
  params.set("_limit", String(query.limit));
  const links = [`<${path}?${params.toString()}>; rel="first"`];
  const last = page.items.at(-1);
  if (page.hasMore && last) {
    params.set("_after", String(last.id));
    links.push(`<${path}?${params.toString()}>; rel="next"`);
  }
  return links.join(", ");
}

const PAGE_STAND_IN = "\u0001";
const PAGE_WRITTEN = `_page=${encodeURIComponent(PAGE_STAND_IN)}`;
