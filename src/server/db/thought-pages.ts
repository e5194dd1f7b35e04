import type { Kysely, SelectQueryBuilder } from "kysely";
import { ID_MAX } from "../../domain/contract-schemas";
import { foldText } from "../../domain/search-text";
import type { ThoughtListQuery, ThoughtPage } from "../../domain/thought-list";
import { prepared } from "./prepared";
import type { Database } from "./schema";
import type { SearchCounts } from "./search-counts";
import { FIELD_SEPARATOR, type ThoughtRow, thoughtColumns, toThought } from "./thought-rows";
import type { ThoughtsDialect } from "./thoughts.dialect";
import { type WallState, wallTotal } from "./wall-state";

/**
 * Up to this offset a page is read straight from the table, newest first. Deeper, skipping rows through the
 * table means walking pages full of texts, so the ids are picked first from a narrow index (thoughts_id,
 * or thoughts_favorito_id for favorites) and only the page's rows are read. Measured on SQLite at 100k:
 * straight, page 1 takes 23 µs and the ids-first way 35 µs; at offset 30,000 straight takes 490 µs and
 * ids-first 320 µs; they meet at a few hundred rows.
 */
export const STRAIGHT_OFFSET_MAX = 300;

/** Reads pages of the wall: the total from the wall's state, a search's through the remembered counts. */
export function thoughtPages(db: Kysely<Database>, dialect: ThoughtsDialect, counts: SearchCounts) {
  const window = (query: ThoughtListQuery) => ({
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });

  const newestFirst = wallPages(db, "desc");
  const olderThan = olderThanPages(db);
  const oldestFirst = wallPages(db, "asc");

  /**
   * A page of the wall without a search. Past the middle of the wall, the page is counted from the other
   * end (the last page is the first, oldest first), so no page skips more than half of the thoughts: at
   * 100k, the last page reads like the first instead of skipping 99,994 entries of an index.
   */
  async function wallPage(favorite: boolean | undefined, limit: number, offset: number, total: number) {
    if (offset >= total) return [];
    const flag = favorite === undefined ? undefined : dialect.flag(favorite);
    if (offset <= total / 2) return newestFirst(flag, limit, offset);
    const fromEnd = Math.max(0, total - offset - limit);
    const rows = await oldestFirst(flag, Math.min(limit, total - offset), fromEnd);
    return rows.reverse();
  }

  async function search(query: ThoughtListQuery, text: string, state: WallState): Promise<ThoughtPage> {
    const folded = foldText(text);
    if (folded.includes(FIELD_SEPARATOR)) return { items: [], total: 0, hasMore: false };
    const matching = { text: folded, favorite: query.favorite };
    // A cursor's page reads one thought more, to tell whether another page follows.
    const page =
      query.after === undefined
        ? window(query)
        : { limit: query.limit + 1, offset: 0, upTo: upToId(query.after) };
    const [rows, total] = await Promise.all([
      dialect.searchPage(db, matching, page),
      counts.get(state.version, `${query.favorite}|${folded}`, () => dialect.searchCount(db, matching)),
    ]);
    return cut(rows, query, total);
  }

  /** A page of the wall; `state` is the wall's state as the request read it with its session. */
  return async (query: ThoughtListQuery, state: WallState): Promise<ThoughtPage> => {
    if (query.search !== undefined) return search(query, query.search, state);
    const total = wallTotal(state, query.favorite);
    if (query.after !== undefined) {
      const flag = query.favorite === undefined ? undefined : dialect.flag(query.favorite);
      return cut(await olderThan(flag, query.after, query.limit + 1), query, total);
    }
    const { limit, offset } = window(query);
    const rows = await wallPage(query.favorite, limit, offset, total);
    return { items: rows.map(toThought), total };
  };
}

/**
 * The last id a cursor's page may hold: the one before the cursor, and never past ID_MAX, so that a cursor
 * beyond any id (a client may send one) reads from the top instead of overflowing PostgreSQL's integer.
 */
export const upToId = (after: number) => Math.min(after - 1, ID_MAX);

/** A cursor's page was read one row long: the extra row says that more follow, and is not shown. */
export function cut(rows: ThoughtRow[], query: ThoughtListQuery, total: number): ThoughtPage {
  if (query.after === undefined) return { items: rows.map(toThought), total };
  return { items: rows.slice(0, query.limit).map(toThought), total, hasMore: rows.length > query.limit };
}

/** The cursor's two page queries, built once: an index range on the id, whatever the depth. */
function olderThanPages(db: Kysely<Database>) {
  const newest = () => db.selectFrom("thoughts").select(thoughtColumns).orderBy("id", "desc");
  const every = prepared(db, (upTo: number, limit: number) => newest().where("id", "<=", upTo).limit(limit));
  const favorites = prepared(db, (flag: number | boolean, upTo: number, limit: number) =>
    newest().where("favorito", "=", flag).where("id", "<=", upTo).limit(limit),
  );
  return (flag: number | boolean | undefined, after: number, limit: number) =>
    flag === undefined ? every(upToId(after), limit) : favorites(flag, upToId(after), limit);
}

/**
 * The rows whose ids a narrow query picks (its own order, limit and offset, on an index alone), in
 * `direction`: a page read ids first.
 */
export function rowsOfIds(
  db: Kysely<Database>,
  direction: "asc" | "desc",
  ids: SelectQueryBuilder<Database, "thoughts", { id: number }>,
) {
  return db.selectFrom("thoughts").select(thoughtColumns).orderBy("id", direction).where("id", "in", ids);
}

/**
 * The four page queries of one direction, built once (they run on every visit): every thought or the
 * favorites (`flag`), read straight from the table up to STRAIGHT_OFFSET_MAX, ids first beyond it.
 */
function wallPages(db: Kysely<Database>, direction: "asc" | "desc") {
  const ordered = () => db.selectFrom("thoughts").orderBy("id", direction);
  const idsFirst = (ids: ReturnType<typeof ordered>) => rowsOfIds(db, direction, ids.select("id"));
  const every = prepared(db, (limit: number, offset: number) =>
    ordered().select(thoughtColumns).limit(limit).offset(offset),
  );
  const favorites = prepared(db, (flag: number | boolean, limit: number, offset: number) =>
    ordered().select(thoughtColumns).where("favorito", "=", flag).limit(limit).offset(offset),
  );
  const everyDeep = prepared(db, (limit: number, offset: number) =>
    idsFirst(ordered().limit(limit).offset(offset)),
  );
  const favoritesDeep = prepared(db, (flag: number | boolean, limit: number, offset: number) =>
    idsFirst(ordered().where("favorito", "=", flag).limit(limit).offset(offset)),
  );
  return (flag: number | boolean | undefined, limit: number, offset: number) => {
    const deep = offset > STRAIGHT_OFFSET_MAX;
    if (flag === undefined) return deep ? everyDeep(limit, offset) : every(limit, offset);
    return deep ? favoritesDeep(flag, limit, offset) : favorites(flag, limit, offset);
  };
}
