import type { Expression, ExpressionBuilder, RawBuilder, SqlBool } from "kysely";
import type { ThoughtListQuery } from "../../../domain/thought-list";
import type { Database } from "../schema";
import { foldedLabelKey, foldLabelKey } from "./label-fold";

/**
 * One word of a search as the list matches it: folded (searchWords), whether it is long enough for the
 * trigram indexes, and the keys of the labels whose folded names contain it (search-words.ts).
 */
export interface SearchWord {
  text: string;
  indexed: boolean;
  labelKeys: readonly string[];
}

/**
 * What a list read narrows the wall to, apart from its page and order: the favorites or the others, a
 * label, an author, a source, json-server's models, a search's words. A new filter is a key here and a term
 * in `listFilter`.
 */
export type ListFilter = Pick<
  ThoughtListQuery,
  "favorite" | "label" | "without" | "author" | "source" | "models"
> & {
  words?: readonly SearchWord[];
};

const FILTER_KEYS = [
  "favorite",
  "label",
  "without",
  "author",
  "source",
  "models",
  "words",
] as const satisfies readonly (keyof ListFilter)[];

/** The folded columns of `thoughts` a word is looked for in. */
export type FoldedColumn = "thoughts.busca" | "thoughts.autoria_chave";

/** A boolean as the table stores it (the dialect's `flag`). */
export type StoredFlag = (value: boolean) => number | boolean;

/** What the filter asks of the database's dialect (thoughts.dialect.ts). */
export interface FilterDialect {
  flag: StoredFlag;
  /**
   * Whether a folded column (the search column, or the folded author) holds the folded word, as a
   * condition on `thoughts`.
   */
  holds(
    eb: ExpressionBuilder<Database, "thoughts">,
    word: SearchWord,
    column?: FoldedColumn,
  ): Expression<SqlBool>;
  /** A column in code point order: the label's key as the pt-BR order's index holds it. */
  byCodePoint(column: "key"): RawBuilder<string>;
}

/**
 * The filter as a condition on `thoughts`, the one every list read applies (pages, cursors, sorted pages,
 * searches on both dialects, the thought at a position). The label goes through its rows in
 * `thought_labels`, by the key's index, for every key in use that folds to the one asked for; the author
 * through the folded author's index; the source through `fonte`'s index. Each word of a search must match,
 * in the text (`busca`: conteudo, autoria and what else the contract folds into it) or in the name of one of
 * the thought's labels: labels stay out of `busca`, so a rename never rewrites the search index. A label
 * left out (`without`, `?sem=`) keeps away every thought that carries a key folding to it, by the same rows.
 */
export function listFilter(filter: ListFilter, dialect: FilterDialect) {
  return (eb: ExpressionBuilder<Database, "thoughts">): Expression<SqlBool> => {
    const { favorite, label, without, author, source, models, words = [] } = filter;
    const terms: Expression<SqlBool>[] = [];
    if (favorite !== undefined) terms.push(eb("thoughts.favorito", "=", dialect.flag(favorite)));
    if (label !== undefined) terms.push(eb("thoughts.id", "in", carryingLabel(eb, label, dialect)));
    if (without !== undefined) terms.push(eb("thoughts.id", "not in", carryingLabel(eb, without, dialect)));
    if (author !== undefined) terms.push(eb("thoughts.autoria_chave", "=", author));
    if (source !== undefined) terms.push(eb("thoughts.fonte", "=", source));
    if (models !== undefined) terms.push(eb("thoughts.modelo", "in", models));
    for (const word of words) {
      const inText = dialect.holds(eb, word);
      terms.push(word.labelKeys.length === 0 ? inText : eb.or([inText, labelled(eb, word.labelKeys)]));
    }
    return eb.and(terms);
  };
}

/**
 * The thoughts that carry a label, without case or accents, as the search: '?etiqueta=musica' finds
 * 'Música' (see label-fold.ts): through the rows of every key in use that folds to the one asked for.
 */
function carryingLabel(
  eb: ExpressionBuilder<Database, "thoughts">,
  label: string,
  dialect: Pick<FilterDialect, "byCodePoint">,
) {
  // Written as the index labels_pt_br_order holds it (the key in code point order, folded), so the planner
  // reads the matching labels from it instead of folding every label's key.
  const keys = eb
    .selectFrom("labels")
    .select("labels.key")
    .where(foldedLabelKey(dialect.byCodePoint("key")), "=", foldLabelKey(label));
  return eb
    .selectFrom("thought_labels")
    .select("thought_labels.thought_id")
    .where("thought_labels.key", "in", keys);
}

/** The filter a list query holds, and nothing else of it: what a read hands on with its own fields. */
export function filterOf(query: ListFilter): ListFilter {
  const filter: Record<string, unknown> = {};
  for (const key of FILTER_KEYS) if (query[key] !== undefined) filter[key] = query[key];
  // Only keys of ListFilter were copied, each with its own value.
  return filter as ListFilter;
}

/** The thoughts that carry one of the labels, by their keys (thought_labels_key's index). */
export function labelled(eb: ExpressionBuilder<Database, "thoughts">, keys: readonly string[]) {
  const rows = eb.selectFrom("thought_labels").select("thought_labels.thought_id");
  const [only] = keys;
  return eb(
    "thoughts.id",
    "in",
    keys.length === 1 && only !== undefined
      ? rows.where("thought_labels.key", "=", only)
      : rows.where("thought_labels.key", "in", keys),
  );
}

/** Whether the filter narrows past what the wall's state counts (all thoughts, the favorites, the others). */
export const narrowsPastFavorite = (filter: ListFilter) =>
  FILTER_KEYS.some((key) => key !== "favorite" && present(filter[key]));

/** Whether the filter narrows at all. */
export const narrows = (filter: ListFilter) => FILTER_KEYS.some((key) => present(filter[key]));

const present = (value: unknown) => value !== undefined && !(Array.isArray(value) && value.length === 0);

/** A key for the remembered totals: the filter, written so that no two differ in the same words. */
export const filterKey = (filter: ListFilter) =>
  JSON.stringify(FILTER_KEYS.map((key) => filter[key] ?? null));
