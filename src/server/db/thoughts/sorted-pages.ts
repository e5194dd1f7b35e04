import type { Kysely } from "kysely";
import type { ThoughtListQuery } from "../../../domain/thought-list";
import type { Database } from "../schema";
import { listFilter } from "./list-filter";
import { type ThoughtRow, thoughtColumns } from "./thought-rows";
import type { ThoughtsDialect } from "./thoughts.dialect";

/**
 * Whether a list read asks for more than the wall's own pages: json-server's order (`_sort`), slice
 * (`_start`/`_end`) or model filter (`modelo=`). Those go through sortedPage below; the wall's pages keep
 * their index-only reads.
 */
export const asksJsonServerPage = (query: ThoughtListQuery) =>
  query.sort !== undefined || query.offset !== undefined || query.models !== undefined;

const filtered = (db: Kysely<Database>, dialect: ThoughtsDialect, query: ThoughtListQuery) =>
  db.selectFrom("thoughts").where(listFilter(query, dialect));

/**
 * One page in json-server's terms: filtered, ordered key by key (texts in code point order, as json-server
 * compares them, and alike on both databases), ties ending on the id, oldest first, as json-server's stable
 * sort leaves them; without `_sort`, newest first like the wall. Sliced from `offset` (`_start`), or by
 * page number. The total counts the filtered thoughts over all pages.
 */
export async function sortedPage(
  db: Kysely<Database>,
  dialect: ThoughtsDialect,
  query: ThoughtListQuery,
): Promise<{ rows: ThoughtRow[]; total: number }> {
  let ordered = filtered(db, dialect, query).select(thoughtColumns);
  const sort = query.sort ?? [{ field: "id", direction: "desc" }];
  for (const { field, direction } of sort) {
    ordered =
      field === "id"
        ? ordered.orderBy("id", direction)
        : ordered.orderBy(dialect.byCodePoint(field), direction);
  }
  if (!sort.some(({ field }) => field === "id")) ordered = ordered.orderBy("id", "asc");
  const offset = query.offset ?? (query.page - 1) * query.limit;
  const [rows, counted] = await Promise.all([
    ordered.limit(query.limit).offset(offset).execute(),
    filtered(db, dialect, query)
      .select((eb) => eb.fn.countAll<number | string>().as("total"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.total) };
}
