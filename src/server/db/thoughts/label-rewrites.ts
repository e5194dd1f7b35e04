import { sql, type Transaction } from "kysely";
import { labelKey } from "../../../domain/labels";
import type { Database } from "../schema";
import type { LabelledScope, ThoughtsDialect } from "./thoughts.dialect";

/**
 * A rename, a merge or a label's deletion over every thought that carries it, set-based: whatever the number
 * of thoughts, one UPDATE rewrites their labels' JSON, one statement (two for a rename into another key)
 * rewrites their index rows, and the counts follow by trigger, once per statement on PostgreSQL. Thought by
 * thought, 30,000 thoughts took 180 s on PostgreSQL. A thought's labels are matched by their exact spellings
 * as its index rows hold them, never by a lower case computed in SQL: neither database lowers case as
 * `labelKey` does (SQLite's lower() only knows ASCII).
 */

/**
 * What a rename and a removal both start with: locks the thoughts that carry one of `keys` (see
 * lockLabelled), reads the spellings of those keys on them, and rewrites their labels' JSON, each of those
 * spellings renamed `to` (kept once, where the first was) or, with no `to`, taken off. The thoughts reached,
 * for the index rows to follow; undefined, with nothing written, when none carries `fromKey`.
 */
async function relabelThoughts(
  trx: Transaction<Database>,
  dialect: ThoughtsDialect,
  keys: readonly string[],
  fromKey: string,
  to: string | undefined,
): Promise<LabelledScope | undefined> {
  const scope = await dialect.lockLabelled(trx, keys);
  const spellings = await trx
    .selectFrom("thought_labels")
    .select(["key", "label"])
    .distinct()
    .where("key", "in", keys)
    .where(scope("thought_labels.thought_id"))
    .execute();
  if (!spellings.some((spelling) => spelling.key === fromKey)) return undefined;
  await trx
    .updateTable("thoughts")
    .set({
      etiquetas: dialect.relabeledJson(
        spellings.map((spelling) => spelling.label),
        to,
      ),
    })
    .where("id", "in", trx.selectFrom("thought_labels").select("thought_id").where("key", "in", keys))
    .where(scope("thoughts.id"))
    .execute();
  return scope;
}

/**
 * Renames `from` to `to` on every thought carrying either (so the label reads the same wherever it is),
 * inside the caller's transaction; a thought with both keeps one, where the first of them was. Undefined
 * when no thought carries `from`, even when one did when the request came.
 */
export async function renameLabel(
  trx: Transaction<Database>,
  dialect: ThoughtsDialect,
  from: string,
  to: string,
): Promise<{ label: string; total: number | string } | undefined> {
  const [fromKey, toKey] = [labelKey(from), labelKey(to)];
  const keys = fromKey === toKey ? [fromKey] : [fromKey, toKey];
  const scope = await relabelThoughts(trx, dialect, keys, fromKey, to);
  if (!scope) return undefined;
  // One row under the new key per thought: added where missing (the triggers count it), respelled where
  // there (a change of spelling leaves the counts alone).
  await trx
    .insertInto("thought_labels")
    .columns(["thought_id", "key", "label"])
    .expression(
      trx
        .selectFrom("thought_labels")
        .select([
          "thought_id",
          sql<string>`CAST(${toKey} AS TEXT)`.as("key"),
          sql<string>`CAST(${to} AS TEXT)`.as("label"),
        ])
        .distinct()
        .where("thought_labels.key", "in", keys)
        .where(scope("thought_labels.thought_id")),
    )
    .onConflict((conflict) =>
      conflict
        .columns(["thought_id", "key"])
        .doUpdateSet({ label: (eb) => eb.ref("excluded.label") })
        .where("thought_labels.label", "<>", to),
    )
    .execute();
  if (fromKey !== toKey) {
    await trx
      .deleteFrom("thought_labels")
      .where("key", "=", fromKey)
      .where(scope("thought_labels.thought_id"))
      .execute();
  }
  // The triggers name a label after its first row and never respell it: a change of case, or a merge into
  // a label already in use, would otherwise keep showing the old spelling in the list.
  await trx
    .updateTable("labels")
    .set({ label: to })
    .where("key", "=", toKey)
    .where("label", "<>", to)
    .execute();
  return trx
    .selectFrom("labels")
    .select(["label", "total"])
    .where("key", "=", toKey)
    .executeTakeFirstOrThrow();
}

/** Takes `name` off every thought carrying it, inside the caller's transaction; false when none does. */
export async function removeLabel(
  trx: Transaction<Database>,
  dialect: ThoughtsDialect,
  name: string,
): Promise<boolean> {
  const key = labelKey(name);
  const scope = await relabelThoughts(trx, dialect, [key], key, undefined);
  if (!scope) return false;
  await trx
    .deleteFrom("thought_labels")
    .where("key", "=", key)
    .where(scope("thought_labels.thought_id"))
    .execute();
  return true;
}
