import { type RawBuilder, type SqlBool, sql, type Transaction } from "kysely";
import type { Database } from "../schema";
import type { LabelledScope } from "../thoughts/thoughts.dialect";

/**
 * Locks the thoughts that carry a label of `keys`, in the order of their ids, then the wall's state. Every
 * other write takes its thought first, the wall's state next (by its trigger) and the label counts last:
 * taken in that same order, two renames over the same thoughts, or a rename and an edit, wait for each other
 * instead of deadlocking. The rewrite that follows touches only these thoughts: one
 * that took the label after this read is left for after the rename, as if written then, whereas reaching it
 * would mean waiting for its writer while holding the wall's state that writer waits for.
 */
export async function lockLabelled(
  trx: Transaction<Database>,
  keys: readonly string[],
): Promise<LabelledScope> {
  const rows = await trx
    .selectFrom("thoughts")
    .select("id")
    .where("id", "in", trx.selectFrom("thought_labels").select("thought_id").where("key", "in", keys))
    .orderBy("id")
    .forNoKeyUpdate()
    .execute();
  await trx.selectFrom("wall_state").select("version").forNoKeyUpdate().execute();
  // One parameter for any number of thoughts (pg sends the array as PostgreSQL's array text), unnested so
  // the planner hashes it: `= ANY(array)` compared every row with the whole array, and the UPDATE of 30,000
  // thoughts ran past the 10 s statement timeout.
  const ids = rows.map((row) => Number(row.id));
  return (column) => sql<SqlBool>`${sql.ref(column)} IN (SELECT unnest(${ids}::integer[]))`;
}

/** `etiquetas` is JSON text: its elements read in order, and written back compact, as JSON.stringify writes. */
export function relabeledJson(spellings: readonly string[], to: string | undefined): RawBuilder<string> {
  const hits = sql.join(spellings.map((spelling) => sql`${spelling}::text`));
  const elements = (alias: string) =>
    sql`json_array_elements_text(thoughts.etiquetas::json) WITH ORDINALITY AS ${sql.raw(alias)}(value, at)`;
  if (to === undefined) {
    return sql<string>`(SELECT '[' || coalesce(string_agg(to_json(e.value)::text, ',' ORDER BY e.at), '') || ']'
      FROM ${elements("e")} WHERE e.value NOT IN (${hits}))`;
  }
  return sql<string>`(SELECT '[' || coalesce(string_agg(
      to_json(CASE WHEN e.value IN (${hits}) THEN ${to}::text ELSE e.value END)::text, ',' ORDER BY e.at), '') || ']'
    FROM ${elements("e")}
    WHERE e.value NOT IN (${hits})
      OR e.at = (SELECT min(f.at) FROM ${elements("f")} WHERE f.value IN (${hits})))`;
}
