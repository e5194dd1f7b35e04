import { sql } from "kysely";
import { postgresChangeLog } from "../changes/change-log";
import { chunkedInserts } from "../thoughts/insert-chunks";
import { listFilter } from "../thoughts/list-filter";
import type { ThoughtsDialect } from "../thoughts/thoughts.dialect";
import { lockLabelled, relabeledJson } from "./labels.postgres";

/** pg_advisory_xact_lock's key for imports: "Memo" in ASCII, so it reads as ours in pg_locks. */
const IMPORT_LOCK_KEY = 0x4d656d6f;

/** A LIKE pattern for the pg_trgm index, with LIKE's own wildcards escaped. */
const likePattern = (folded: string) => `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * PostgreSQL: booleans are booleans, and a word is a LIKE that the pg_trgm GIN index on `busca` serves,
 * its matches combined with the other words' (and a label's rows) in bitmaps.
 */
export const postgresThoughts: ThoughtsDialect = {
  flag: (value) => value,
  // A word under three letters gives pg_trgm no trigram, and its LIKE would read the whole index: strpos()
  // is only checked on the rows the other words found.
  // The folded author has no trigram index: strpos() there too.
  holds: (eb, word, column = "thoughts.busca") =>
    word.indexed && column === "thoughts.busca"
      ? eb(column, "like", likePattern(word.text))
      : eb(eb.fn("strpos", [eb.ref(column), eb.val(word.text)]), ">", 0),
  // The "C" collation compares bytes: UTF-8's byte order is code point order, as SQLite's BINARY.
  byCodePoint: (column) => sql<string>`${sql.ref(column)} COLLATE "C"`,

  // Each word a LIKE on the trigram index, which the planner combines in a bitmap with the filter's terms.
  textIds: (db, words, filter, { limit, upTo }) =>
    db
      .selectFrom("thoughts")
      .select("thoughts.id")
      .where(
        listFilter(
          {
            ...filter,
            words: [...words.map((word) => ({ ...word, labelKeys: [] })), ...(filter.words ?? [])],
          },
          postgresThoughts,
        ),
      )
      .$if(upTo !== undefined, (query) => query.where("thoughts.id", "<=", upTo ?? 0))
      .orderBy("thoughts.id", "desc")
      .$if(limit !== undefined, (query) => query.limit(limit ?? 0)),

  locksRowsForUpdate: true,

  // The trigram index costs most of a bulk insert (100k thoughts: 8.3 s, 1.8 s without it), and rebuilding
  // it afterwards would lock readers out of the table: the rows go in as usual.
  bulkInserts: async (trx, { importId } = {}) => chunkedInserts(trx, postgresThoughts, { importId }),

  // A lock of the transaction, released at its end, under a key no other code of ours takes, and of this
  // schema's wall alone: an advisory lock is the whole database's, and the walls of other schemas in it
  // (the test suites' workers) need not wait for each other's imports, which hold it while they read
  // their files. (An instance of a version before 2026-11-28 takes the key without the schema: mixed with
  // newer ones during an upgrade, an import on each at once could both add a thought new to the wall.)
  async serializeImports(trx) {
    await sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK_KEY}, hashtext(current_schema()))`.execute(trx);
  },

  lockLabelled,
  relabeledJson,
  appendedJson: (label) =>
    sql<string>`(thoughts.etiquetas::jsonb || jsonb_build_array(${label}::text))::text`,
  changeLog: postgresChangeLog,
};
