import type { Kysely } from "kysely";
import type { Thought } from "../../../domain/contract";
import type { Database } from "../schema";
import { thoughtColumns, toThought } from "./thought-rows";
import type { ThoughtsDialect } from "./thoughts.dialect";

/**
 * The thought at a position of the wall counted from its oldest (0), among all or among the favorites:
 * the id is found in a narrow index (thoughts_id, thoughts_favorito_id) and only that row is read.
 */
export function thoughtAt(db: Kysely<Database>, dialect: ThoughtsDialect) {
  return async (position: number, favoritesOnly = false): Promise<Thought | undefined> => {
    const oldestFirst = db.selectFrom("thoughts").select("id").orderBy("id", "asc").limit(1).offset(position);
    const id = favoritesOnly ? oldestFirst.where("favorito", "=", dialect.flag(true)) : oldestFirst;
    const row = await db
      .selectFrom("thoughts")
      .select(thoughtColumns)
      .where("id", "=", id)
      .executeTakeFirst();
    return row && toThought(row);
  };
}
