import type { Kysely } from "kysely";
import type { Database } from "./schema";
import type { ThoughtRow } from "./thought-rows";

/** A search as the dialects run it: the folded query text, and the favorite filter if any. */
export interface TextSearch {
  text: string;
  favorite?: boolean;
}

export interface PageWindow {
  limit: number;
  offset: number;
}

/**
 * What the thoughts repository does differently on SQLite and on PostgreSQL. The store picks one when it
 * opens, so the repository itself never asks which database it talks to.
 */
export interface ThoughtsDialect {
  /** A boolean as the table stores it. */
  flag(value: boolean): number | boolean;
  /** One page of the thoughts whose search column contains the text, newest first. */
  searchPage(db: Kysely<Database>, search: TextSearch, page: PageWindow): Promise<ThoughtRow[]>;
  /** How many thoughts match, over all pages. */
  searchCount(db: Kysely<Database>, search: TextSearch): Promise<number>;
  /** A value that moves when another connection commits, or undefined when the dialect cannot tell. */
  dataVersion(db: Kysely<Database>): Promise<unknown>;
}
