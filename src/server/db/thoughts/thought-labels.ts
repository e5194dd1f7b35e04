import type { Kysely, Transaction } from "kysely";
import { distinctLabels, labelKey } from "../../../domain/labels";
import type { Database } from "../schema";

/** 300 rows of 3 values: well under SQLite's 32,766 bound parameters per statement. */
const LABEL_ROWS_CHUNK = 300;

/** A thought's labels, as its row carries them. */
export interface LabelledThought {
  id: number;
  labels: readonly string[];
}

/**
 * Writes the index rows of the given thoughts' labels (`thought_labels`), inside the caller's transaction;
 * the thoughts have none yet (new ones, or ones whose rows were just deleted). The triggers count them.
 */
export async function insertLabelRows(
  trx: Transaction<Database> | Kysely<Database>,
  thoughts: readonly LabelledThought[],
): Promise<void> {
  const rows = thoughts.flatMap(({ id, labels }) =>
    distinctLabels(labels).map((label) => ({ thought_id: id, key: labelKey(label), label: label.trim() })),
  );
  for (let start = 0; start < rows.length; start += LABEL_ROWS_CHUNK) {
    await trx
      .insertInto("thought_labels")
      .values(rows.slice(start, start + LABEL_ROWS_CHUNK))
      .execute();
  }
}

/** Replaces one thought's label rows by those of its new labels. */
export async function replaceLabelRows(
  trx: Transaction<Database>,
  id: number,
  labels: readonly string[],
): Promise<void> {
  await trx.deleteFrom("thought_labels").where("thought_id", "=", id).execute();
  await insertLabelRows(trx, [{ id, labels }]);
}
