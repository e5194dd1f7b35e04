import { sql, type Transaction } from "kysely";
import { labelKey } from "../../../domain/labels";
import type { Database } from "../schema";
import { nextVersion, touchedAt } from "./thought-rows";
import type { LabelledScope, ThoughtsDialect } from "./thoughts.dialect";

/**
 * A rename, a merge or a label's deletion over every thought that carries it, set-based: whatever the number
 * of thoughts, one UPDATE rewrites their labels' JSON, one to three statements rewrite their index rows
 * (respelled, moved to the new key, or deleted), and the counts follow by trigger, once per statement on
 * PostgreSQL, or, for rows moved, by one statement of the rename's own. Thought by
 * thought, 30,000 thoughts took 180 s on PostgreSQL. A thought's labels are matched by their exact spellings
 * as its index rows hold them, never by a lower case computed in SQL: neither database lowers case as
 * `labelKey` does (SQLite's lower() only knows ASCII).
 */

/**
 * What a rename and a removal both start with: locks the thoughts that carry one of `keys` (see
 * lockLabelled), reads the spellings of those keys on them, and rewrites their labels' JSON, each of those
 * spellings renamed `to` (kept once, where the first was) or, with no `to`, taken off. The thoughts reached,
 * for the index rows to follow, and the keys they carry; undefined, with nothing written, when none carries
 * `fromKey`. Their labels changed, so their atualizadoEm and their version move too (columns no index holds,
 * so the update stays HOT on PostgreSQL); their search column stays: labels are not in it.
 */
async function relabelThoughts(
  trx: Transaction<Database>,
  dialect: ThoughtsDialect,
  keys: readonly string[],
  fromKey: string,
  to: string | undefined,
): Promise<{ scope: LabelledScope; carried: Set<string> } | undefined> {
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
      ...touchedAt(Date.now()),
      versao: nextVersion,
    })
    .where("id", "in", trx.selectFrom("thought_labels").select("thought_id").where("key", "in", keys))
    .where(scope("thoughts.id"))
    .execute();
  return { scope, carried: new Set(spellings.map((spelling) => spelling.key)) };
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
  const reached = await relabelThoughts(trx, dialect, keys, fromKey, to);
  if (!reached) return undefined;
  const { scope } = reached;
  // The rows already under the new key take its new spelling (a change of spelling leaves the counts alone).
  if (reached.carried.has(toKey)) {
    await trx
      .updateTable("thought_labels")
      .set({ label: to })
      .where("key", "=", toKey)
      .where("label", "<>", to)
      .where(scope("thought_labels.thought_id"))
      .execute();
  }
  if (fromKey !== toKey) {
    // The rows of thoughts without the new key move to it in place; those of thoughts with both go. Moved,
    // not inserted anew and deleted: an insert ran PostgreSQL's foreign-key check once per row (1.6 s of
    // 4.6 s for 30,000 rows, 2026-11-27), and a move keeps the thought it points to.
    const moved = await trx
      .updateTable("thought_labels")
      .set({ key: toKey, label: to })
      .where("key", "=", fromKey)
      .where(scope("thought_labels.thought_id"))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("thought_labels as other")
              .select("other.thought_id")
              .whereRef("other.thought_id", "=", "thought_labels.thought_id")
              .where("other.key", "=", toKey),
          ),
        ),
      )
      .executeTakeFirst();
    await moveCount(trx, fromKey, toKey, to, Number(moved.numUpdatedRows));
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

/**
 * Moves the count of `moved` rows from one label to another: the triggers count inserts and deletes of
 * label rows, and a move is neither. One statement, the keys in order, as the triggers take them on
 * PostgreSQL, so it waits for another writer's counts rather than crossing them. The label left with no
 * thought leaves the list, as the delete trigger does.
 */
async function moveCount(
  trx: Transaction<Database>,
  fromKey: string,
  toKey: string,
  to: string,
  moved: number,
): Promise<void> {
  if (moved === 0) return;
  const row = (key: string, total: number) =>
    sql`SELECT CAST(${key} AS TEXT) AS key, CAST(${to} AS TEXT) AS label, CAST(${total} AS INTEGER) AS total`;
  // `WHERE true`: SQLite reads the ON of an upsert after a bare SELECT as a join's.
  await sql`INSERT INTO labels (key, label, total)
    SELECT key, label, total FROM (${row(fromKey, -moved)} UNION ALL ${row(toKey, moved)}) AS moves
    WHERE true ORDER BY key
    ON CONFLICT (key) DO UPDATE SET total = labels.total + excluded.total`.execute(trx);
  await trx.deleteFrom("labels").where("key", "=", fromKey).where("total", "<=", 0).execute();
}

/** Takes `name` off every thought carrying it, inside the caller's transaction; false when none does. */
export async function removeLabel(
  trx: Transaction<Database>,
  dialect: ThoughtsDialect,
  name: string,
): Promise<boolean> {
  const key = labelKey(name);
  const reached = await relabelThoughts(trx, dialect, [key], key, undefined);
  if (!reached) return false;
  await trx
    .deleteFrom("thought_labels")
    .where("key", "=", key)
    .where(reached.scope("thought_labels.thought_id"))
    .execute();
  return true;
}
