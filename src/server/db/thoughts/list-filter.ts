import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { ThoughtListQuery } from "../../../domain/thought-list";
import type { Database } from "../schema";
import { foldedLabelKey, foldLabelKey } from "./label-fold";

/**
 * What a list read narrows the wall to, apart from its page, order and search: the favorites or the others,
 * a label, an author, json-server's models. A new filter is a key here and a term in `listFilter`.
 */
export type ListFilter = Pick<ThoughtListQuery, "favorite" | "label" | "author" | "models">;

const FILTER_KEYS = [
  "favorite",
  "label",
  "author",
  "models",
] as const satisfies readonly (keyof ListFilter)[];

/** A boolean as the table stores it (the dialect's `flag`). */
export type StoredFlag = (value: boolean) => number | boolean;

/**
 * The filter as a condition on `thoughts`, the one every list read applies (pages, cursors, sorted pages,
 * searches on both dialects, the thought at a position). The label goes through its rows in
 * `thought_labels`, by the key's index, for every key in use that folds to the one asked for; the author
 * through the folded author's index.
 */
export function listFilter(filter: ListFilter, flag: StoredFlag) {
  return (eb: ExpressionBuilder<Database, "thoughts">): Expression<SqlBool> => {
    const { favorite, label, author, models } = filter;
    const terms: Expression<SqlBool>[] = [];
    if (favorite !== undefined) terms.push(eb("thoughts.favorito", "=", flag(favorite)));
    if (label !== undefined) {
      // Without case or accents, as the search: '?etiqueta=musica' finds 'Música' (see label-fold.ts).
      const keys = eb
        .selectFrom("labels")
        .select("labels.key")
        .where(foldedLabelKey(sql.ref("labels.key")), "=", foldLabelKey(label));
      const labelled = eb
        .selectFrom("thought_labels")
        .select("thought_labels.thought_id")
        .where("thought_labels.key", "in", keys);
      terms.push(eb("thoughts.id", "in", labelled));
    }
    if (author !== undefined) terms.push(eb("thoughts.autoria_chave", "=", author));
    if (models !== undefined) terms.push(eb("thoughts.modelo", "in", models));
    return eb.and(terms);
  };
}

/** Whether the filter narrows past what the wall's state counts (all thoughts, the favorites, the others). */
export const narrowsPastFavorite = (filter: ListFilter) =>
  FILTER_KEYS.some((key) => key !== "favorite" && filter[key] !== undefined);

/** Whether the filter narrows at all. */
export const narrows = (filter: ListFilter) => FILTER_KEYS.some((key) => filter[key] !== undefined);

/** A key for the remembered totals: the filter, written so that no two differ in the same words. */
export const filterKey = (filter: ListFilter) =>
  JSON.stringify(FILTER_KEYS.map((key) => filter[key] ?? null));
