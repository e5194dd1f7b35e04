import type { Kysely } from "kysely";
import { EPOCH_MS_FIELDS } from "../../../domain/thought-fields";
import type { ThoughtListQuery, ThoughtSort } from "../../../domain/thought-list";
import type { Database } from "../schema";
import { listFilter } from "./list-filter";
import { type ThoughtRow, thoughtColumns } from "./thought-rows";
import type { ThoughtsDialect } from "./thoughts.dialect";

/**
 * Whether a list read asks for more than the wall's own pages: json-server's order (`_sort`), slice
 * (`_start`/`_end`) or model filter (`modelo=`). Those go through sortedRows below; the wall's pages keep
 * their index-only reads.
 */
export const asksJsonServerPage = (query: ThoughtListQuery) =>
  query.sort !== undefined || query.offset !== undefined || query.models !== undefined;

/** The fields ordered by their stored number (the id, the instants); the others are texts. */
const byNumber = new Set<string>(["id", ...EPOCH_MS_FIELDS]);
type NumberKey = "id" | (typeof EPOCH_MS_FIELDS)[number];
type TextKey = Exclude<ThoughtSort["field"], NumberKey>;

/**
 * One page in json-server's terms: filtered, ordered key by key (texts in code point order, as json-server
 * compares them, and alike on both databases; instants as numbers, which is their order as ISO 8601 texts
 * too), ties ending on the id, oldest first, as json-server's stable sort leaves them; without `_sort`,
 * newest first like the wall. Sliced from `offset` (`_start`), or by page number. Each sortable field has
 * an index ending on the id (its migration), so a page near the top reads only its rows. The total is the
 * caller's (thought-pages.ts): the wall's state or a remembered count, never a count per page.
 */
export function sortedRows(
  db: Kysely<Database>,
  dialect: ThoughtsDialect,
  query: ThoughtListQuery,
): Promise<ThoughtRow[]> {
  let ordered = db.selectFrom("thoughts").where(listFilter(query, dialect)).select(thoughtColumns);
  const sort = query.sort ?? [{ field: "id", direction: "desc" }];
  for (const { field, direction } of sort) {
    ordered = byNumber.has(field)
      ? ordered.orderBy(field as NumberKey, direction)
      : ordered.orderBy(dialect.byCodePoint(field as TextKey), direction);
  }
  if (!sort.some(({ field }) => field === "id")) ordered = ordered.orderBy("id", "asc");
  const offset = query.offset ?? (query.page - 1) * query.limit;
  return ordered.limit(query.limit).offset(offset).execute();
}
