import { hash } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { ThoughtImport } from "../../../domain/thought";
import { pacer } from "../pace";
import { finishWrite } from "../changes/change-log";
import type { Database } from "../schema";
import { importRoom, labelTally } from "./label-room";
import type { ThoughtsDialect } from "./thoughts.dialect";

export interface ImportOutcome {
  /** Added (or, in a dry run, that would be). */
  imported: number;
  /** Left out: already on the wall, or earlier in the same list. */
  duplicates: number;
}

/**
 * The thoughts of an import, in the order they go onto the wall: a list, or a function that hands each to
 * `put` as it is read (and waits for it), so that they need not all be held at once.
 */
export type ImportSource =
  | readonly ThoughtImport[]
  | ((put: (input: ThoughtImport) => Promise<void>) => Promise<void>);

/**
 * Where an import's transaction runs: on the app's own connection by default; on SQLite, on a connection
 * of its own in a worker thread (see importWriterFor in sqlite/open-sqlite.ts).
 */
export type ImportWriter = <T>(work: (db: Kysely<Database>) => Promise<T>) => Promise<T>;

/**
 * A thought's identity for an import: a digest of its text and author, as stored (trimmed; NUL is in
 * neither). The texts themselves, kept for every thought on the wall and in the file, took about as much
 * memory as the file again; 44 characters each do not. SHA-256 makes two different thoughts taken for one
 * a chance not worth a thought.
 */
const identity = (thought: Pick<ThoughtImport, "conteudo" | "autoria">) =>
  hash("sha256", `${thought.conteudo}\u0000${thought.autoria}`, "base64");

/**
 * One transaction: wait for any other import, read what the wall holds, then take the thoughts as they
 * come, keeping what is new and inserting it in order. Reading the wall inside the transaction (after the
 * lock) means a thought added meanwhile is seen, and importing one file twice at once still adds it once.
 * A read of two columns by pages of ids beats a query per item, and lets other requests in between (on the
 * app's SQLite connection each statement holds the event loop until it ends).
 */
export async function importNewThoughts(
  db: Kysely<Database>,
  dialect: ThoughtsDialect,
  source: ImportSource,
  { dryRun }: { dryRun: boolean },
  writer: ImportWriter = (work) => work(db),
): Promise<ImportOutcome> {
  const feed =
    typeof source === "function"
      ? source
      : async (put: (input: ThoughtImport) => Promise<void>) => {
          for (const input of source) await put(input);
        };
  return writer((writeDb) =>
    writeDb.transaction().execute(async (trx) => {
      await dialect.serializeImports(trx);
      const seen = await wallIdentities(trx);
      const inserts = dryRun ? undefined : await dialect.bulkInserts(trx);
      // Past the wall's cap of labels the import is refused whole: a dry run counts them as it goes.
      const tally = dryRun ? await labelTally(trx) : undefined;
      const room = dryRun ? undefined : await importRoom(trx);
      const outcome: ImportOutcome = { imported: 0, duplicates: 0 };
      await feed(async (input) => {
        const key = identity(input);
        if (seen.has(key)) {
          outcome.duplicates += 1;
          return;
        }
        seen.add(key);
        outcome.imported += 1;
        await tally?.add(input.etiquetas);
        await inserts?.add(input);
      });
      await inserts?.end();
      await tally?.end();
      await room?.check();
      // One 'mural' row for the whole import, however many thoughts it added.
      const added = !dryRun && outcome.imported > 0;
      return dryRun ? outcome : finishWrite(trx, dialect.changeLog, added ? [{ kind: "mural" }] : [], outcome);
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
