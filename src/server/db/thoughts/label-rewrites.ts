import { sql, type Transaction } from "kysely";
import { labelKey } from "../../../domain/labels";
import type { Database } from "../schema";
import { touchedAt } from "./thought-rows";
import type { LabelledScope, ThoughtsDialect } from "./thoughts.dialect";

/**
 * A rename, a merge or a label's deletion over every thought that carries it, set-based: whatever the number
 * of thoughts, one UPDATE rewrites their labels' JSON, one statement (two for a rename into another key)
 * rewrites their index rows, and the counts follow by trigger, once per statement on PostgreSQL. Thought by
 * thought, 30,000 thoughts took 180 s on PostgreSQL. A thought's labels are matched by their exact spellings
 * as its index rows hold them, never by a lower case computed in SQL: neither database lowers case as
 * `labelKey` does (SQLite's lower() only knows ASCII).
 */

/** The spellings of `keys` on the thoughts in scope, each with its key. */
function spellingsOf(trx: Transaction<Database>, keys: readonly string[], scope: LabelledScope) {
  return trx
    .selectFrom("thought_labels")
    .select(["key", "label"])
    .distinct()
    .where("key", "in", keys)
    .where(scope("thought_labels.thought_id"))
    .execute();
}

/**
 * Sets the labels of the thoughts in scope that carry one of `spellings`: that one renamed, or taken off.
 * Their labels changed, so their atualizadoEm moves too; their search column stays (labels are not in it).
 */
async function rewriteJson(
  trx: Transaction<Database>,
  dialect: ThoughtsDialect,
  keys: readonly string[],
  scope: LabelledScope,
  spellings: readonly string[],
  to: string | undefined,
): Promise<void> {
  await trx
    .updateTable("thoughts")
    .set({ etiquetas: dialect.relabeledJson(spellings, to), ...touchedAt(Date.now()) })
    .where("id", "in", trx.selectFrom("thought_labels").select("thought_id").where("key", "in", keys))
    .where(scope("thoughts.id"))
    .execute();
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
  const scope = await dialect.lockLabelled(trx, keys);
  const spellings = await spellingsOf(trx, keys, scope);
  if (!spellings.some((spelling) => spelling.key === fromKey)) return undefined;
  await rewriteJson(
    trx,
    dialect,
    keys,
    scope,
    spellings.map((spelling) => spelling.label),
    to,
  );
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
  const keys = [labelKey(name)];
  const scope = await dialect.lockLabelled(trx, keys);
  const spellings = await spellingsOf(trx, keys, scope);
  if (spellings.length === 0) return false;
  await rewriteJson(
    trx,
    dialect,
    keys,
    scope,
    spellings.map((spelling) => spelling.label),
    undefined,
  );
  await trx
    .deleteFrom("thought_labels")
    .where("key", "in", keys)
    .where(scope("thought_labels.thought_id"))
    .execute();
  return true;
}
