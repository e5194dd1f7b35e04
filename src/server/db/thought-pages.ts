import type { Kysely } from "kysely";
import type { Thought } from "../../domain/contract";
import { foldText } from "../../domain/search-text";
import type { Database } from "./schema";
import type { SearchCounts } from "./search-counts";
import { FIELD_SEPARATOR, thoughtColumns, toThought } from "./thought-rows";
import type { ThoughtsDialect } from "./thoughts.dialect";

export interface ThoughtListQuery {
  page: number;
  limit: number;
  /** trimmed, >= SEARCH_MIN chars, or undefined */
  search?: string;
  favorite?: boolean;
}

export interface ThoughtPage {
  items: Thought[];
  /** How many thoughts match the filters, over all pages. */
  total: number;
}

/** Reads pages of the wall: a search through the dialect and the remembered totals, the rest directly. */
export function thoughtPages(db: Kysely<Database>, dialect: ThoughtsDialect, counts: SearchCounts) {
  const window = (query: ThoughtListQuery) => ({
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });

  /**
   * The wall without a search. The page's ids are picked first from a narrow index (thoughts_id, or
   * thoughts_favorito_id for favorites), so a deep OFFSET never walks the rows with their texts; the
   * total comes from thought_counts.
   */
  async function wall(query: ThoughtListQuery): Promise<ThoughtPage> {
    let ids = db.selectFrom("thoughts").select("id");
    let totals = db
      .selectFrom("thought_counts")
      .select((eb) => eb.fn.sum<number | string>("total").as("total"));
    if (query.favorite !== undefined) {
      ids = ids.where("favorito", "=", dialect.flag(query.favorite));
      totals = totals.where("favorito", "=", dialect.flag(query.favorite));
    }
    const { limit, offset } = window(query);
    const pageIds = ids.orderBy("id", "desc").limit(limit).offset(offset);
    const [rows, total] = await Promise.all([
      db
        .selectFrom("thoughts")
        .select(thoughtColumns)
        .where("id", "in", pageIds)
        .orderBy("id", "desc")
        .execute(),
      totals.executeTakeFirst(),
    ]);
    return { items: rows.map(toThought), total: Number(total?.total ?? 0) };
  }

  async function search(query: ThoughtListQuery, text: string): Promise<ThoughtPage> {
    const folded = foldText(text);
    if (folded.includes(FIELD_SEPARATOR)) return { items: [], total: 0 };
    const matching = { text: folded, favorite: query.favorite };
    const [rows, total] = await Promise.all([
      dialect.searchPage(db, matching, window(query)),
      counts.get(`${query.favorite}|${folded}`, () => dialect.searchCount(db, matching)),
    ]);
    return { items: rows.map(toThought), total };
  }

  return (query: ThoughtListQuery): Promise<ThoughtPage> =>
    query.search === undefined ? wall(query) : search(query, query.search);
}
