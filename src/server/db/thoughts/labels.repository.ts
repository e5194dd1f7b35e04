import type { Kysely, Transaction } from "kysely";
import type { Database } from "../schema";
import { DEFAULT_RETRY, type RetryOptions, retryingConflicts } from "../write-conflicts";
import { removeLabel, renameLabel } from "./label-rewrites";
import type { ThoughtsDialect } from "./thoughts.dialect";
import type { ImportWriter } from "./thoughts-import";
import type { WallState } from "./wall-state";

/** A label in use: its name as shown, and how many thoughts on the wall carry it. */
export interface LabelCount {
  nome: string;
  total: number;
}

/**
 * The labels across the wall: the list with counts, and a rename or a removal that reaches every thought.
 * A thought on the wall keeps its labels in its row and in `thought_labels`; both change in one transaction.
 */
export interface LabelsRepository {
  /** Every label in use, in the order of their keys. */
  list(): Promise<LabelCount[]>;
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
}

export function createLabelsRepository(
  db: Kysely<Database>,
  dialect: ThoughtsDialect,
  state: () => Promise<WallState>,
  { bulkWriter, retry = DEFAULT_RETRY }: LabelWriteOptions = {},
): LabelsRepository {
  const direct: ImportWriter = (work) => work(db);
  /**
   * The last list read, with the wall's version it was read at. Every write to a thought moves the version
   * (wall-state.ts), whichever instance made it, so a list of the same version is still the truth: the
   * labels screen of 1,000 labels is then one row's read instead of a thousand rows' (2.7 ms on PostgreSQL).
   */
  let remembered: { version: number; labels: LabelCount[] } | undefined;

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
    async list() {
      const { version } = await state();
      if (remembered?.version === version) return remembered.labels;
      // The version is read again beside the rows, so a write committed between the two reads is noticed.
      // The counts come from `labels`, kept by triggers, not from a GROUP BY over `thought_labels`: at
      // 100,000 thoughts and 1,000 labels that took 10 ms (counts alone, from the key's index) to 300 ms
      // (with the names) on SQLite and 35-47 ms on PostgreSQL, against 1-2 ms for the table (2026-11-27).
      const rows = await db
        .selectFrom("labels")
        .select((eb) => ["label", "total", eb.selectFrom("wall_state").select("version").as("version")])
        .orderBy("key")
        .execute();
      const labels = rows.map((row) => ({ nome: row.label, total: Number(row.total) }));
      if (rows.every((row) => Number(row.version) === version)) remembered = { version, labels };
      return labels;
    },

    rename: (from, to) =>
      write(async (trx) => {
        const row = await renameLabel(trx, dialect, from, to);
        return row && { nome: row.label, total: Number(row.total) };
      }),

    remove: (name) => write((trx) => removeLabel(trx, dialect, name)),
  };
}
