import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "./schema";

/** The thought of the day as every instance sees it: kept in the shared settings, by this key. */
const DAY_CHOICE_KEY = "pensamento_do_dia";

/** Which thought a day showed, and the one the day before it showed (never the same two days running). */
export const dayChoiceSchema = z.object({
  date: z.string(),
  id: z.number().int().positive(),
  previousId: z.number().int().positive().optional(),
});
export type DayChoice = z.infer<typeof dayChoiceSchema>;

export interface StoredDayChoice {
  choice: DayChoice | undefined;
  /** The stored text as read, for a compare-and-set: another instance may write in between. */
  raw: string | undefined;
}

export function createDayChoiceRepository(db: Kysely<Database>) {
  return {
    async read(): Promise<StoredDayChoice> {
      const row = await db
        .selectFrom("settings")
        .select("value")
        .where("key", "=", DAY_CHOICE_KEY)
        .executeTakeFirst();
      if (!row) return { choice: undefined, raw: undefined };
      let parsed: unknown;
      try {
        parsed = JSON.parse(row.value);
      } catch {
        parsed = undefined;
      }
      const choice = dayChoiceSchema.safeParse(parsed);
      return { choice: choice.success ? choice.data : undefined, raw: row.value };
    },

    /**
     * Writes the choice only if the stored one is still `expected` (undefined: none yet): the first instance
     * to choose a day wins, and the others read its choice. Resolves whether this write won.
     */
    async replace(expected: string | undefined, choice: DayChoice): Promise<boolean> {
      const value = JSON.stringify(choice);
      if (expected === undefined) {
        const result = await db
          .insertInto("settings")
          .values({ key: DAY_CHOICE_KEY, value })
          .onConflict((conflict) => conflict.column("key").doNothing())
          .executeTakeFirst();
        return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
      }
      const result = await db
        .updateTable("settings")
        .set({ value })
        .where("key", "=", DAY_CHOICE_KEY)
        .where("value", "=", expected)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
export type DayChoiceRepository = ReturnType<typeof createDayChoiceRepository>;
