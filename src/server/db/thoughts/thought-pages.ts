import type { ExpressionBuilder, Kysely } from "kysely";
import { ID_MAX } from "../../../domain/contract-schemas";
import type { ThoughtListQuery, ThoughtPage } from "../../../domain/thought-list";
import type { Database } from "../schema";
import { filterKey, filterOf, type ListFilter, listFilter, narrowsPastFavorite } from "./list-filter";
import { searchCount, searchPage } from "./search-branches";
import type { SearchCounts } from "./search-counts";
import type { SearchWords } from "./search-words";
import { asksJsonServerPage, sortedRows } from "./sorted-pages";
import { type ThoughtRow, thoughtColumns, toThought } from "./thought-rows";
import type { ThoughtsDialect } from "./thoughts.dialect";
import { type WallState, wallTotal } from "./wall-state";

/**
 * The wall's one list read: a page by number, a page after a cursor, a search, each among the thoughts that
 * the list's filter leaves (list-filter.ts). The total of all thoughts or the favorites comes from the
 * wall's state (kept by the database's triggers, so any instance reads it right), any other through the
 * remembered counts. Only the search differs by dialect.
 */
export function thoughtPages(
  db: Kysely<Database>,
  dialect: ThoughtsDialect,
  { counts, words }: { counts: SearchCounts; words: SearchWords },
  state: () => Promise<WallState>,
) {
  const newestFirst = (filter: ListFilter) =>
    db.selectFrom("thoughts").where(listFilter(filter, dialect)).orderBy("id", "desc");

  /**
   * A page by number starts below the highest id the read's snapshot has seen written
   * (wall_state.newest_id, in the same statement): on PostgreSQL, an import's uncommitted rows hold the
   * highest ids, and the backward scan would otherwise check each one's visibility before reaching the
   * first row it may show (20261128T1000-wall-newest-id.ts). A cursor's page has its own bound below ids
   * already seen; two bounds there would leave SQLite to range over one and filter by the other.
   */
  const newestFirstSeen = (filter: ListFilter) =>
    newestFirst(filter).where("thoughts.id", "<=", (eb) =>
      // A BIGINT, as the id's INTEGER compares with it; the type says number to match the id's.
      eb.selectFrom("wall_state").select((state) => state.ref("newest_id").$castTo<number>().as("newest_id")),
    );

  /** How many thoughts a filter leaves, with the wall's version read in the same statement. */
  async function filteredCount(query: ThoughtListQuery) {
    const row = await db
      .selectFrom("thoughts")
      .where(listFilter(query, dialect))
      .select((eb) => [
        eb.fn.countAll<number | string>().as("total"),
        eb.selectFrom("wall_state").select("version").as("version"),
      ])
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), version: Number(row.version) };
  }

  /**
   * A cursor's page is an index range on the id, whatever its depth. A page by number picks its ids first
   * from a narrow index (the primary key, or thoughts_favorito_id for the favorites) and then reads only its
   * own rows: skipping rows through the table would visit every skipped text.
   */
  function rows(query: ThoughtListQuery, withVersion = false): Promise<VersionedRow[]> {
    const { limit, after } = query;
    if (after !== undefined) {
      return newestFirst(query)
        .select(thoughtColumns)
        .$if(withVersion, (read) => read.select(wallVersion))
        .where("id", "<=", upToId(after))
        .limit(limit + 1)
        .execute();
    }
    const ids = newestFirstSeen(query)
      .select("id")
      .limit(limit)
      .offset((query.page - 1) * limit);
    return db
      .selectFrom("thoughts")
      .select(thoughtColumns)
      .$if(withVersion, (read) => read.select(wallVersion))
      .where("id", "in", ids)
      .orderBy("id", "desc")
      .execute();
  }

  /**
   * A label's or an author's page reads the wall's version in its own statement (its total is remembered
   * per version): one statement a page instead of two keeps PostgreSQL over its budget of 1,000 a second.
   * An empty page has no row to carry the version; its count then reads it.
   */
  async function filteredPage(query: ThoughtListQuery, known?: WallState): Promise<ThoughtPage> {
    const found = await rows(query, known === undefined);
    const version = known?.version ?? (found[0] ? Number(found[0].version) : undefined);
    const key = filterKey(query);
    const total =
      version === undefined
        ? (await filteredCount(query)).total
        : await counts.get(version, key, () => filteredCount(query));
    return cut(found, query, total);
  }

  async function search(query: ThoughtListQuery, text: string, known?: WallState): Promise<ThoughtPage> {
    const { version } = known ?? (await state());
    const matching = { ...filterOf(query), words: await words.of(db, version, text) };
    // Only marks that fold away (a text of combining accents): nothing to look for, nothing found.
    if (matching.words.length === 0) return cut([], query, 0);
    // A cursor's page reads one thought more, to tell whether another page follows.
    const page =
      query.after === undefined
        ? { limit: query.limit, offset: query.offset ?? (query.page - 1) * query.limit }
        : { limit: query.limit + 1, offset: 0, upTo: upToId(query.after) };
    const [found, total] = await Promise.all([
      searchPage(db, dialect, matching, page),
      counts.get(version, filterKey(matching), () => searchCount(db, dialect, matching)),
    ]);
    return cut(found, query, total);
  }

  /** A page of the wall; `known` is the wall's state as the caller already read it (else it is read here). */
  return async (query: ThoughtListQuery, known?: WallState): Promise<ThoughtPage> => {
    if (query.search !== undefined) return search(query, query.search, known);
    if (asksJsonServerPage(query)) {
      const [wall, found] = await Promise.all([known ?? state(), sortedRows(db, dialect, query)]);
      const total = narrowsPastFavorite(query)
        ? await counts.get(wall.version, filterKey(query), () => filteredCount(query))
        : wallTotal(wall, query.favorite);
      return cut(found, query, total);
    }
    if (narrowsPastFavorite(query)) return filteredPage(query, known);
    const [wall, found] = await Promise.all([known ?? state(), rows(query)]);
    return cut(found, query, wallTotal(wall, query.favorite));
  };
}

/** A thought's row, with the wall's version when the read asked for it. */
type VersionedRow = ThoughtRow & { version?: number | string | null };

const wallVersion = (eb: ExpressionBuilder<Database, "thoughts">) =>
  eb.selectFrom("wall_state").select("version").as("version");

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
