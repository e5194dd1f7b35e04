import type { Kysely, Transaction } from "kysely";
import { distinctLabels, labelKey } from "../../../domain/labels";
import type { Database } from "../schema";
import { type LabelCount, type LabelPage, type LabelPageQuery, readLabelPage } from "./labels-read";
import { insertLabelRows } from "./thought-labels";
import type { ThoughtsDialect } from "./thoughts.dialect";

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

export function createLabelsRepository(db: Kysely<Database>, dialect: ThoughtsDialect): LabelsRepository {
  /**
   * Rewrites the labels of every thought that carries one of `keys`, in one transaction: each row's list
   * through `change`, and its label rows anew. The rows are locked on PostgreSQL, so an edit of the same
   * thought at the same time waits, and neither undoes the other.
   */
  async function rewrite(
    trx: Transaction<Database>,
    keys: string[],
    change: (labels: string[]) => string[],
  ): Promise<number> {
    const ids = trx.selectFrom("thought_labels").select("thought_id").where("key", "in", keys);
    const read = trx.selectFrom("thoughts").select(["id", "etiquetas"]).where("id", "in", ids);
    const rows = await (dialect.locksRowsForUpdate ? read.forUpdate() : read).execute();
    for (const row of rows) {
      const labels = change(JSON.parse(row.etiquetas) as string[]);
      await trx
        .updateTable("thoughts")
        .set({ etiquetas: JSON.stringify(labels) })
        .where("id", "=", row.id)
        .execute();
      await trx.deleteFrom("thought_labels").where("thought_id", "=", row.id).execute();
      await insertLabelRows(trx, [{ id: row.id, labels }]);
    }
    return rows.length;
  }

  return {
    list: async (query = {}) => (await readLabelPage(db, dialect, query)).items,
    page: (query) => readLabelPage(db, dialect, query),

    rename: (from, to) =>
      db.transaction().execute(async (trx) => {
        const [fromKey, toKey] = [labelKey(from), labelKey(to)];
        const found = await trx
          .selectFrom("labels")
          .select("key")
          .where("key", "=", fromKey)
          .executeTakeFirst();
        if (!found) return undefined;
        // Every thought with either name is rewritten, so the label reads the same wherever it is.
        await rewrite(trx, [fromKey, toKey], (labels) =>
          distinctLabels(labels.map((label) => ([fromKey, toKey].includes(labelKey(label)) ? to : label))),
        );
        const row = await trx
          .selectFrom("labels")
          .select(["label", "total"])
          .where("key", "=", toKey)
          .executeTakeFirstOrThrow();
        return { nome: row.label, total: Number(row.total) };
      }),

    remove: (name) =>
      db.transaction().execute(async (trx) => {
        const key = labelKey(name);
        const changed = await rewrite(trx, [key], (labels) =>
          labels.filter((label) => labelKey(label) !== key),
        );
        return changed > 0;
      }),
  };
}
