import type { AliasableExpression, Kysely, RawBuilder, SqlBool, Transaction } from "kysely";
import type { ChangeLogDialect } from "../changes/change-log";
import type { Database } from "../schema";
import type { ChunkedInserts } from "./insert-chunks";
import type { FilterDialect, ListFilter, SearchWord, StoredFlag } from "./list-filter";

/** A search as the dialects run it: its words (each must match), and the rest of the list's filter. */
export type TextSearch = ListFilter & { words: readonly SearchWord[] };

export interface PageWindow {
  limit: number;
  offset: number;
  /** Only thoughts up to this id (a cursor's page). */
  upTo?: number;
}

/** Keeps a statement to the thoughts a label's rewrite locked, by the column naming the thought. */
export type LabelledScope = (column: "thoughts.id" | "thought_labels.thought_id") => RawBuilder<SqlBool>;

/**
 * What the thoughts repository does differently on SQLite and on PostgreSQL. The store picks one when it
 * opens, so the repository itself never asks which database it talks to.
 */
export interface ThoughtsDialect extends FilterDialect {
  /** A boolean as the table stores it. */
  flag: StoredFlag;
  /** A text column to sort on in code point order, the same on both databases whatever their locale. */
  byCodePoint(column: "autoria" | "conteudo" | "fonte" | "key"): RawBuilder<string>;
  /**
   * The ids of the thoughts whose text holds every one of the indexed `words` and that `filter` keeps,
   * newest first, through the dialect's trigram index: the first `limit` (all without one), only up to
   * `upTo` when given. The text's branch of a search (search-branches.ts).
   */
  textIds(
    db: Kysely<Database>,
    words: TextSearch["words"],
    filter: TextSearch,
    window: { limit?: number; upTo?: number },
  ): AliasableExpression<{ id: number }>;
  /**
   * Whether an update reads its row with `FOR UPDATE`. PostgreSQL needs it, or two concurrent PATCHes
   * each read the old row and the second write undoes the first; SQLite's transactions begin IMMEDIATE,
   * holding the database's only write lock before they read.
   */
  locksRowsForUpdate: boolean;
  /**
   * Makes an import's transaction wait for any other import's: each reads the wall to skip the thoughts
   * already on it, so two running side by side would both add the same file.
   */
  serializeImports(trx: Transaction<Database>): Promise<void>;
  /**
   * Inserts many thoughts in order, inside the caller's transaction, as fast as the database allows, handed
   * over one at a time (as an import reads them; insertAll for a list): each is written in order, by chunks,
   * and `end` writes the rest and puts back whatever the dialect set for the bulk.
   */
  bulkInserts(trx: Transaction<Database>): Promise<ChunkedInserts>;
  /**
   * Before a label's rewrite on every thought that carries it (labels.repository.ts): locks those thoughts,
   * and gives the scope that keeps the rewrite's statements to the thoughts it locked.
   */
  lockLabelled(trx: Transaction<Database>, keys: readonly string[]): Promise<LabelledScope>;
  /**
   * The labels (`etiquetas`) of the row an UPDATE of `thoughts` is at, with those spelled as one of
   * `spellings` taken off, or, given `to`, the first of them renamed `to` in its place and the others taken
   * off; the other labels stay as they were, in their order.
   */
  relabeledJson(spellings: readonly string[], to: string | undefined): RawBuilder<string>;
  /** How a write appends to the change log in commit order, and tells the other instances (change-log.ts). */
  changeLog: ChangeLogDialect;
}
