import type { AliasableExpression, Kysely } from "kysely";
import type { Database } from "../schema";
import { labelled, listFilter } from "./list-filter";
import type { ThoughtRow } from "./thought-rows";
import { thoughtColumns } from "./thought-rows";
import type { PageWindow, TextSearch, ThoughtsDialect } from "./thoughts.dialect";

/**
 * One way a thought can hold every word of a search, read through an index: either the text holds every
 * indexed word (the dialect's trigram index finds them, `inText`), or one word is found through its labels'
 * rows (`viaLabels`). The branch's `filter` (the list filter with the words left) is checked on each row it
 * reads. A search is the union of its branches.
 */
export interface SearchBranch {
  inText: TextSearch["words"];
  viaLabels?: TextSearch["words"][number];
  filter: TextSearch;
}

/**
 * The branches of a search. Every word that names a label splits the search: a word may match in the text
 * or in a label, and an OR of the two inside one read has no index to lead it, so the read would walk every
 * thought the other words find (on 100k thoughts, 'saudade amor modernismo' walked about 2,500 of them to
 * find three, 45 ms). Instead the text's branch asks the index for every indexed word, and each label's
 * word leads a branch of its own through the label's rows (as many as its labels carry), checking the other
 * words, in the text or their labels, on each of those rows.
 */
export function searchBranches(search: TextSearch): SearchBranch[] {
  const indexed = search.words.filter((word) => word.indexed);
  const short = search.words.filter((word) => !word.indexed);
  const branches: SearchBranch[] = [{ inText: indexed, filter: { ...search, words: short } }];
  for (const word of indexed) {
    if (word.labelKeys.length === 0) continue;
    branches.push({
      inText: [],
      viaLabels: word,
      filter: { ...search, words: search.words.filter((other) => other !== word) },
    });
  }
  return branches;
}

/** The ids a branch reads, newest first, up to `window` (its first `limit`, only up to `upTo`). */
function branchIds(
  db: Kysely<Database>,
  dialect: ThoughtsDialect,
  branch: SearchBranch,
  window: { limit?: number; upTo?: number },
): AliasableExpression<{ id: number }> {
  if (branch.inText.length > 0) return dialect.textIds(db, branch.inText, branch.filter, window);
  const { viaLabels } = branch;
  return db
    .selectFrom("thoughts")
    .select("thoughts.id")
    .$if(viaLabels !== undefined, (query) => query.where((eb) => labelled(eb, viaLabels?.labelKeys ?? [])))
    .where(listFilter(branch.filter, dialect))
    .$if(window.upTo !== undefined, (query) => query.where("thoughts.id", "<=", window.upTo ?? 0))
    .orderBy("thoughts.id", "desc")
    .$if(window.limit !== undefined, (query) => query.limit(window.limit ?? 0));
}

/** The ids of every branch, each read only as far as the window needs, without repeats. */
function unionIds(
  db: Kysely<Database>,
  dialect: ThoughtsDialect,
  search: TextSearch,
  window: { limit?: number; upTo?: number },
) {
  const [first, ...others] = searchBranches(search).map((branch, index) =>
    db.selectFrom(branchIds(db, dialect, branch, window).as(`b${index}`)).select("id"),
  );
  if (!first) throw new Error("a search has at least one branch");
  return others.reduce((union, other) => union.union(other), first);
}

/** One page of a search, newest first: each branch read up to the page's end, then the union's page. */
export function searchPage(
  db: Kysely<Database>,
  dialect: ThoughtsDialect,
  search: TextSearch,
  page: PageWindow,
): Promise<ThoughtRow[]> {
  const ids = unionIds(db, dialect, search, { limit: page.offset + page.limit, upTo: page.upTo });
  return db
    .selectFrom("thoughts")
    .select(thoughtColumns)
    .where("thoughts.id", "in", ids)
    .orderBy("thoughts.id", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** How many thoughts a search finds over all pages, with the wall's version read in the same statement. */
export async function searchCount(db: Kysely<Database>, dialect: ThoughtsDialect, search: TextSearch) {
  const row = await db
    .selectFrom(unionIds(db, dialect, search, {}).as("found"))
    .select((eb) => [
      eb.fn.countAll<number | string>().as("total"),
      eb.selectFrom("wall_state").select("wall_state.version").as("version"),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), version: Number(row.version) };
}
