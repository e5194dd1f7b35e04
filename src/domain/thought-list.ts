import type { Thought } from "./contract";
import type { Model } from "./rules";
import type { SortableField } from "./thought-fields";

/** Which page of the wall to read: the server's repository and the web's test store answer the same ask. */
export interface ThoughtListQuery {
  page: number;
  limit: number;
  /**
   * A cursor: the thoughts that come after this id in the wall's order (older ones), `page` ignored. Every
   * such page costs what the first does, where an offset costs as much as its depth.
   */
  after?: number;
  /** Already trimmed and at least SEARCH_MIN characters long; undefined lists everything. */
  search?: string;
  favorite?: boolean;
  /** A label's key (labelKey): only the thoughts that carry it. */
  label?: string;
  /** A label's key (labelKey) left out (`?sem=`): only the thoughts that do not carry it. */
  without?: string;
  /** An author folded (foldText, trimmed): only the thoughts whose whole author folds to it. */
  author?: string;
  /** A source as written (trimmed): only the thoughts whose `fonte` is exactly it. */
  source?: string;
  /**
   * json-server's `_sort`/`_order`: the order of the list, key by key; ties end in id order, oldest first.
   * Undefined is the wall's order, newest first (the only one a cursor reads).
   */
  sort?: ThoughtSort[];
  /** json-server's `_start`: the list starts after this many thoughts, `page` ignored. */
  offset?: number;
  /** json-server's `modelo=`: only the thoughts of these models. */
  models?: Model[];
}

/** One key of a list's order. */
export interface ThoughtSort {
  field: "id" | SortableField;
  direction: "asc" | "desc";
}

/** One page of thoughts, newest first, and how many match the filters over all pages. */
export interface ThoughtPage {
  items: Thought[];
  total: number;
  /** Asked with a cursor: whether more thoughts come after this page's last one. */
  hasMore?: boolean;
}
