import type { Kysely } from "kysely";
import type { Thought } from "../../domain/contract";
import { prepared } from "./prepared";
import type { Database } from "./schema";
import { thoughtColumns, toThought } from "./thought-rows";
import type { ThoughtsDialect } from "./thoughts.dialect";

/**
 * The thought at a position of the wall counted from its oldest (0), among all or among the favorites:
 * the id is found in a narrow index (thoughts_id, thoughts_favorito_id) and only that row is read.
 */
export function thoughtAt(db: Kysely<Database>, dialect: ThoughtsDialect) {
  const row = (ids: ReturnType<typeof idsFrom>) =>
    db.selectFrom("thoughts").select(thoughtColumns).where("id", "=", ids.select("id"));
  const idsFrom = () => db.selectFrom("thoughts").orderBy("id", "asc").limit(1);
  const any = prepared(db, (position: number) => row(idsFrom().offset(position)));
  const favorite = prepared(db, (flag: number | boolean, position: number) =>
    row(idsFrom().where("favorito", "=", flag).offset(position)),
  );
  return async (position: number, favoritesOnly = false): Promise<Thought | undefined> => {
    const [found] = favoritesOnly ? await favorite(dialect.flag(true), position) : await any(position);
    return found && toThought(found);
  };
}
