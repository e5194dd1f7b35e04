import type { Kysely } from "kysely";
import { ID_MAX } from "../../domain/contract-schemas";
import { foldText } from "../../domain/search-text";
import type { ThoughtListQuery, ThoughtPage } from "../../domain/thought-list";
import type { Database } from "./schema";
import type { SearchCounts } from "./search-counts";
import { asksJsonServerPage, sortedPage } from "./sorted-pages";
import { FIELD_SEPARATOR, type ThoughtRow, thoughtColumns, toThought } from "./thought-rows";
import type { ThoughtsDialect } from "./thoughts.dialect";
import { type WallState, wallTotal } from "./wall-state";

/**
 * The wall's one list read: a page by number, a page after a cursor, a search, each among all the thoughts
 * or only the favorites. The total comes from the wall's state (kept by the database's triggers, so any
 * instance reads it right), a search's through the remembered counts. Only the search differs by dialect.
 */
export function thoughtPages(
  db: Kysely<Database>,
  dialect: ThoughtsDialect,
  counts: SearchCounts,
  state: () => Promise<WallState>,
) {
  const newestFirst = (favorite: boolean | undefined) => {
    const all = db.selectFrom("thoughts").orderBy("id", "desc");
    return favorite === undefined ? all : all.where("favorito", "=", dialect.flag(favorite));
  };

  /**
   * A cursor's page is an index range on the id, whatever its depth. A page by number picks its ids first
   * from a narrow index (the primary key, or thoughts_favorito_id for the favorites) and then reads only its
   * own rows: skipping rows through the table would visit every skipped text.
   */
  function rows(query: ThoughtListQuery): Promise<ThoughtRow[]> {
    const { limit, after, favorite } = query;
    if (after !== undefined) {
      return newestFirst(favorite)
        .select(thoughtColumns)
        .where("id", "<=", upToId(after))
        .limit(limit + 1)
        .execute();
    }
    const ids = newestFirst(favorite)
      .select("id")
      .limit(limit)
      .offset((query.page - 1) * limit);
    return db
      .selectFrom("thoughts")
      .select(thoughtColumns)
      .where("id", "in", ids)
      .orderBy("id", "desc")
      .execute();
  }

  async function search(query: ThoughtListQuery, text: string, known?: WallState): Promise<ThoughtPage> {
    const folded = foldText(text);
    if (folded.includes(FIELD_SEPARATOR)) return { items: [], total: 0, hasMore: false };
    const matching = { text: folded, favorite: query.favorite };
    // A cursor's page reads one thought more, to tell whether another page follows.
    const page =
      query.after === undefined
        ? { limit: query.limit, offset: query.offset ?? (query.page - 1) * query.limit }
        : { limit: query.limit + 1, offset: 0, upTo: upToId(query.after) };
    const { version } = known ?? (await state());
    const [found, total] = await Promise.all([
      dialect.searchPage(db, matching, page),
      counts.get(version, `${query.favorite}|${folded}`, () => dialect.searchCount(db, matching)),
    ]);
    return cut(found, query, total);
  }

  /** A page of the wall; `known` is the wall's state as the caller already read it (else it is read here). */
  return async (query: ThoughtListQuery, known?: WallState): Promise<ThoughtPage> => {
    if (query.search !== undefined) return search(query, query.search, known);
    if (asksJsonServerPage(query)) {
      const { rows, total } = await sortedPage(db, dialect, query);
      return cut(rows, query, total);
    }
    const [wall, found] = await Promise.all([known ?? state(), rows(query)]);
    return cut(found, query, wallTotal(wall, query.favorite));
  };
}

/**
 * The last id a cursor's page may hold: the one before the cursor, and never past ID_MAX, so that a cursor
 * beyond any id (a client may send one) reads from the top instead of overflowing PostgreSQL's integer.
 */
const upToId = (after: number) => Math.min(after - 1, ID_MAX);

/** A cursor's page was read one row long: the extra row says that more follow, and is not shown. */
function cut(rows: ThoughtRow[], query: ThoughtListQuery, total: number): ThoughtPage {
  if (query.after === undefined) return { items: rows.map(toThought), total };
  return { items: rows.slice(0, query.limit).map(toThought), total, hasMore: rows.length > query.limit };
}
