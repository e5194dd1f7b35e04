import type { Kysely } from "kysely";
import { foldText } from "../../domain/search-text";
import type { ThoughtListQuery, ThoughtPage } from "../../domain/thought-list";
import { prepared } from "./prepared";
import type { Database } from "./schema";
import type { SearchCounts } from "./search-counts";
import { FIELD_SEPARATOR, thoughtColumns, toThought } from "./thought-rows";
import type { ThoughtsDialect } from "./thoughts.dialect";

/** Reads pages of the wall: a search through the dialect and the remembered totals, the rest directly. */
export function thoughtPages(db: Kysely<Database>, dialect: ThoughtsDialect, counts: SearchCounts) {
  const window = (query: ThoughtListQuery) => ({
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });

  // The wall without a search. The page's ids are picked first from a narrow index (thoughts_id, or
  // thoughts_favorito_id for favorites), so a deep OFFSET never walks the rows with their texts; the
  // total comes from thought_counts. Built once: these run on every visit.
  const pageOfIds = (limit: number, offset: number) =>
    db.selectFrom("thoughts").select("id").orderBy("id", "desc").limit(limit).offset(offset);
  const rowsOf = (ids: ReturnType<typeof pageOfIds>) =>
    db.selectFrom("thoughts").select(thoughtColumns).where("id", "in", ids).orderBy("id", "desc");
  const totals = () =>
    db.selectFrom("thought_counts").select((eb) => eb.fn.sum<number | string>("total").as("total"));
  const everyPage = prepared(db, (limit: number, offset: number) => rowsOf(pageOfIds(limit, offset)));
  const favoritePage = prepared(db, (flag: number | boolean, limit: number, offset: number) =>
    rowsOf(pageOfIds(limit, offset).where("favorito", "=", flag)),
  );
  const everyTotal = prepared(db, () => totals());
  const favoriteTotal = prepared(db, (flag: number | boolean) => totals().where("favorito", "=", flag));

  async function wall(query: ThoughtListQuery): Promise<ThoughtPage> {
    const { limit, offset } = window(query);
    const flag = query.favorite === undefined ? undefined : dialect.flag(query.favorite);
    const [rows, [total]] = await Promise.all([
      flag === undefined ? everyPage(limit, offset) : favoritePage(flag, limit, offset),
      flag === undefined ? everyTotal() : favoriteTotal(flag),
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
