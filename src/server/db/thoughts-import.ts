import type { Kysely } from "kysely";
import type { ThoughtInput } from "../../domain/thought";
import type { Database } from "./schema";
import type { ThoughtsDialect } from "./thoughts.dialect";

export interface ImportOutcome {
  /** Added (or, in a dry run, that would be). */
  imported: number;
  /** Left out: already on the wall, or earlier in the same list. */
  duplicates: number;
}

/** A thought's identity for an import: its text and author, as stored (trimmed). NUL is in neither. */
const identity = (thought: Pick<ThoughtInput, "conteudo" | "autoria">) =>
  `${thought.conteudo}\u0000${thought.autoria}`;

/**
 * One transaction: wait for any other import, read what the wall holds, keep what is new, insert it in the
 * list's order. Reading the wall inside the transaction (after the lock) means a thought added meanwhile
 * is seen, and importing one file twice at once still adds it once. The texts of 100k thoughts fit in
 * memory many times over; one read of two columns beats a query per item.
 */
export async function importNewThoughts(
  db: Kysely<Database>,
  dialect: ThoughtsDialect,
  inputs: readonly ThoughtInput[],
  { dryRun }: { dryRun: boolean },
): Promise<ImportOutcome> {
  return db.transaction().execute(async (trx) => {
    await dialect.serializeImports(trx);
    const seen = new Set<string>();
    for (const row of await trx.selectFrom("thoughts").select(["conteudo", "autoria"]).execute()) {
      seen.add(identity(row));
    }
    const fresh = inputs.filter((input) => {
      const key = identity(input);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    if (!dryRun) await dialect.insertMany(trx, fresh);
    return { imported: fresh.length, duplicates: inputs.length - fresh.length };
  });
}
