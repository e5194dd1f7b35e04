import type { Kysely, Transaction } from "kysely";
import { distinctLabels, labelKey } from "../../../domain/labels";
import type { Database } from "../schema";
import { checkLabelRoom, heldKeys } from "./label-room";

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

/**
 * Writes one thought's label rows (it has none yet), refusing with WallLabelsFullError a label new to the
 * wall once the wall holds as many as it may. The wall is counted only when a label is new to it.
 */
export async function insertThoughtLabelRows(
  trx: Transaction<Database>,
  id: number,
  labels: readonly string[],
): Promise<void> {
  const distinct = distinctLabels(labels);
  const held = await heldKeys(trx, distinct);
  await insertLabelRows(trx, [{ id, labels: distinct }]);
  if (held.size < distinct.length) await checkLabelRoom(trx);
}

/** Replaces one thought's label rows by those of its new labels (see insertThoughtLabelRows). */
export async function replaceLabelRows(
  trx: Transaction<Database>,
  id: number,
  labels: readonly string[],
): Promise<void> {
  await trx.deleteFrom("thought_labels").where("thought_id", "=", id).execute();
  await insertThoughtLabelRows(trx, id, labels);
}
