import { type SelectQueryBuilder, sql } from "kysely";
import type { ThoughtListQuery } from "../../../domain/thought-list";
import type { Database } from "../schema";

/** The wall's filters by label and by author, apart from the page, the search and the favourites. */
export type LabelAuthorFilter = Pick<ThoughtListQuery, "label" | "author">;

export const hasLabelOrAuthor = (filter: LabelAuthorFilter) =>
  filter.label !== undefined || filter.author !== undefined;

/** A key for the remembered totals: the filters, written so that no two differ in the same words. */
export const filterKey = (filter: LabelAuthorFilter) =>
  JSON.stringify([filter.label ?? null, filter.author ?? null]);

/**
 * Narrows a read of `thoughts` to a label (its rows in `thought_labels`, by the key's index) and to an
 * author (the folded author's index).
 */
export function whereLabelAndAuthor<O>(
  query: SelectQueryBuilder<Database, "thoughts", O>,
  { label, author }: LabelAuthorFilter,
): SelectQueryBuilder<Database, "thoughts", O> {
  return query
    .$if(label !== undefined, (narrowed) =>
      narrowed.where((eb) =>
        eb(
          "thoughts.id",
          "in",
          eb
            .selectFrom("thought_labels")
            .select("thought_labels.thought_id")
            .where("thought_labels.key", "=", label ?? ""),
        ),
      ),
    )
    .$if(author !== undefined, (narrowed) => narrowed.where("thoughts.autoria_chave", "=", author ?? ""));
}

/** The same filters as SQL to add to a WHERE over `thoughts` named `t` (SQLite's search joins it so). */
export function labelAndAuthorSql({ label, author }: LabelAuthorFilter) {
  const byLabel =
    label === undefined
      ? sql``
      : sql`AND t.id IN (SELECT thought_id FROM thought_labels WHERE key = ${label})`;
  const byAuthor = author === undefined ? sql`` : sql`AND t.autoria_chave = ${author}`;
  return sql`${byLabel} ${byAuthor}`;
}
