import type { Kysely } from "kysely";
import type { Thought } from "../../../domain/contract";
import type { Database } from "../schema";
import { type ListFilter, listFilter } from "./list-filter";
import { thoughtColumns, toThought } from "./thought-rows";
import type { ThoughtsDialect } from "./thoughts.dialect";

/**
 * The thought at a position of the wall counted from its oldest (0), among those the filter leaves: the id
 * is found in a narrow index (thoughts_id, thoughts_favorito_id) and only that row is read.
 */
export function thoughtAt(db: Kysely<Database>, dialect: ThoughtsDialect) {
  return async (position: number, filter: ListFilter = {}): Promise<Thought | undefined> => {
    const id = db
      .selectFrom("thoughts")
      .select("id")
      .where(listFilter(filter, dialect))
      .orderBy("id", "asc")
      .limit(1)
      .offset(position);
    const row = await db
      .selectFrom("thoughts")
      .select(thoughtColumns)
      .where("id", "=", id)
      .executeTakeFirst();
    return row && toThought(row);
  };
}
