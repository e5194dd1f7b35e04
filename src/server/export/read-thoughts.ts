import type { Kysely } from "kysely";
import type { Thought } from "../../domain/contract";
import type { Database } from "../db/schema";
import { thoughtColumns, toThought } from "../db/thoughts/thought-rows";

/** Rows per query: memory stays flat whatever the wall's size, and 100k thoughts take 100 queries. */
export const EXPORT_CHUNK = 1000;

/**
 * Every thought, oldest first, read in keyset chunks (`WHERE id > last ORDER BY id LIMIT n`) on either
 * dialect: no offset to rescan, no cursor or transaction held open while a slow client downloads. Each
 * chunk is its own read, so a thought written during a long export may or may not be in it.
 */
export async function* readThoughts(db: Kysely<Database>, chunk = EXPORT_CHUNK): AsyncGenerator<Thought> {
  let last = 0;
  for (;;) {
    const rows = await db
      .selectFrom("thoughts")
      .select(thoughtColumns)
      .where("id", ">", last)
      .orderBy("id", "asc")
      .limit(chunk)
      .execute();
    for (const row of rows) yield toThought(row);
    const tail = rows.at(-1);
    if (!tail || rows.length < chunk) return;
    last = Number(tail.id);
  }
}
