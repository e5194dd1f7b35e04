import type { Kysely, Transaction } from "kysely";
import { finishWrite } from "../changes/change-log";
import type { Database } from "../schema";
import { DEFAULT_RETRY, type RetryOptions, retryingConflicts } from "../write-conflicts";
import { removeLabel, renameLabel } from "./label-rewrites";
import { type LabelCount, type LabelPage, type LabelPageQuery, readLabelPage } from "./labels-read";
import type { ThoughtsDialect } from "./thoughts.dialect";
import type { ImportWriter } from "./thoughts-import";

export type { LabelCount, LabelPage, LabelPageQuery };

/**
 * The labels across the wall: the list with counts, and a rename or a removal that reaches every thought.
 * A thought on the wall keeps its labels in its row and in `thought_labels`; both change in one transaction.
 */
export interface LabelsRepository {
  /** A page of the labels in use (the first hundred unless the query says), in the order of their keys. */
  list(query?: LabelPageQuery): Promise<LabelCount[]>;
  /** The same page, with how many labels match over all pages. */
  page(query: LabelPageQuery): Promise<LabelPage>;
  /**
   * Renames a label on every thought; a thought that already had the new name keeps it once (the two merge).
   * Undefined when no thought carries the label.
   */
  rename(from: string, to: string): Promise<LabelCount | undefined>;
  /** Takes a label off every thought; false when no thought carries it. */
  remove(name: string): Promise<boolean>;
}

export interface LabelWriteOptions {
  /** Where a write runs (SQLite: the worker thread of imports); the store's connection by default. */
  bulkWriter?: ImportWriter;
  /** How often a write that met another writer is run again, and how long apart. */
  retry?: RetryOptions;
  /**
   * Where the list is read (SQLite: a read-only connection of its own, so the labels screen and the forms'
   * suggestions do not wait behind an import's transaction); the store's connection by default.
   */
  reader?: Kysely<Database>;
}

export function createLabelsRepository(
  db: Kysely<Database>,
  dialect: ThoughtsDialect,
  { bulkWriter, retry = DEFAULT_RETRY, reader = db }: LabelWriteOptions = {},
): LabelsRepository {
  const direct: ImportWriter = (work) => work(db);
  /**
   * One write of labels across the wall, in a transaction of its own, run again, whole, when PostgreSQL
   * aborts it for a deadlock or a serialization failure. Given a bulk writer (SQLite's worker thread), it runs
   * there: on the app's connection its statements and commit ran back to back without a turn of the event
   * loop, which they held 455-1,032 ms for 30,000 thoughts, 260 ms for 1,875 and 101 ms for 188 (2026-11-27,
   * bench/label-renames.bench.ts); starting the thread holds it 1-4 ms.
   */
  const write = <T>(change: (trx: Transaction<Database>) => Promise<T>) =>
    retryingConflicts(() => (bulkWriter ?? direct)((on) => on.transaction().execute(change)), retry);

  return {
    list: async (query = {}) => (await readLabelPage(reader, dialect, query)).items,
    page: (query) => readLabelPage(reader, dialect, query),

    // One 'mural' row in the change log, whatever the number of thoughts reached (30,000 rows appended one
    // per thought would cost the rename as much again).
    rename: (from, to) =>
      write(async (trx) => {
        const row = await renameLabel(trx, dialect, from, to);
        const renamed = row && { nome: row.label, total: Number(row.total) };
        return finishWrite(trx, dialect.changeLog, renamed ? [{ kind: "mural" }] : [], renamed);
      }),

    remove: (name) =>
      write(async (trx) => {
        const removed = await removeLabel(trx, dialect, name);
        return finishWrite(trx, dialect.changeLog, removed ? [{ kind: "mural" }] : [], removed);
      }),
  };
}
