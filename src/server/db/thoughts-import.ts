import type { Kysely, Transaction } from "kysely";
import type { ThoughtInput } from "../../domain/thought";
import { pacer } from "../import/pace";
import type { Database } from "./schema";
import type { ThoughtsDialect } from "./thoughts.dialect";

export interface ImportOutcome {
  /** Added (or, in a dry run, that would be). */
  imported: number;
  /** Left out: already on the wall, or earlier in the same list. */
  duplicates: number;
}

/**
 * Where an import's transaction runs: on the app's own connection by default; on SQLite, on a connection
 * of its own in a worker thread (sqlite-import-writer.ts).
 */
export type ImportWriter = <T>(work: (db: Kysely<Database>) => Promise<T>) => Promise<T>;

/** A thought's identity for an import: its text and author, as stored (trimmed). NUL is in neither. */
const identity = (thought: Pick<ThoughtInput, "conteudo" | "autoria">) =>
  `${thought.conteudo}\u0000${thought.autoria}`;

/**
 * One transaction: wait for any other import, read what the wall holds, keep what is new, insert it in the
 * list's order. Reading the wall inside the transaction (after the lock) means a thought added meanwhile
 * is seen, and importing one file twice at once still adds it once. The texts of 100k thoughts fit in
 * memory many times over; a read of two columns by pages of ids beats a query per item, and lets other
 * requests in between (on SQLite each statement holds the event loop until it ends).
 */
export async function importNewThoughts(
  db: Kysely<Database>,
  dialect: ThoughtsDialect,
  inputs: readonly ThoughtInput[],
  { dryRun }: { dryRun: boolean },
  writer: ImportWriter = (work) => work(db),
): Promise<ImportOutcome> {
  return writer((writeDb) =>
    writeDb.transaction().execute(async (trx) => {
      await dialect.serializeImports(trx);
      const seen = await wallIdentities(trx);
      const fresh = inputs.filter((input) => {
        const key = identity(input);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      if (!dryRun) await dialect.insertMany(trx, fresh);
      return { imported: fresh.length, duplicates: inputs.length - fresh.length };
    }),
  );
}

const IDENTITY_PAGE = 5_000;

/** The identity of every thought on the wall, read by pages of ids with the event loop's turns between. */
async function wallIdentities(trx: Transaction<Database>): Promise<Set<string>> {
  const seen = new Set<string>();
  const pace = pacer();
  let after = 0;
  for (;;) {
    await pace();
    const rows = await trx
      .selectFrom("thoughts")
      .select(["id", "conteudo", "autoria"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(IDENTITY_PAGE)
      .execute();
    for (const row of rows) seen.add(identity(row));
    const last = rows.at(-1);
    if (!last || rows.length < IDENTITY_PAGE) return seen;
    after = Number(last.id);
  }
}
