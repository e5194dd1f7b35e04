import { type RawBuilder, type SqlBool, sql } from "kysely";
import type { LabelledScope } from "../thoughts/thoughts.dialect";

/** SQLite's write transactions begin IMMEDIATE: the rewrite already holds the whole file, nothing to lock. */
const everyThought: LabelledScope = () => sql<SqlBool>`TRUE`;
export const lockLabelled = async () => everyThought;

/**
 * `etiquetas` is JSON text: json_each reads its elements with their positions (`key`), json_group_array
 * writes them back compact, in that order.
 */
export function relabeledJson(spellings: readonly string[], to: string | undefined): RawBuilder<string> {
  const hits = sql.join(spellings.map((spelling) => sql`${spelling}`));
  if (to === undefined) {
    return sql<string>`(SELECT json_group_array(e.value ORDER BY e.key)
      FROM json_each(thoughts.etiquetas) AS e WHERE e.value NOT IN (${hits}))`;
  }
  return sql<string>`(SELECT json_group_array(CASE WHEN e.value IN (${hits}) THEN ${to} ELSE e.value END ORDER BY e.key)
    FROM json_each(thoughts.etiquetas) AS e
    WHERE e.value NOT IN (${hits})
      OR e.key = (SELECT min(f.key) FROM json_each(thoughts.etiquetas) AS f WHERE f.value IN (${hits})))`;
}
