import type { Kysely } from "kysely";
import type { Suggestions, Thought } from "../../../domain/contract";
import type { ThoughtInput, ThoughtPatch } from "../../../domain/thought";
import type { ThoughtListQuery, ThoughtPage } from "../../../domain/thought-list";
import { finishWrite } from "../changes/change-log";
import { idempotencyClaimed } from "../changes/idempotency";
import { type ExpectedVersions, StaleVersionError } from "../changes/versions";
import type { Database } from "../schema";
import type { ListFilter } from "./list-filter";
import { SearchCounts } from "./search-counts";
import { SearchWords } from "./search-words";
import { suggestions } from "./suggestions";
import { thoughtAt } from "./thought-at";
import { insertThoughtLabelRows, replaceLabelRows } from "./thought-labels";
import { thoughtPages } from "./thought-pages";
import {
  changesDerived,
  derivedColumns,
  nextVersion,
  thoughtColumns,
  toNewRow,
  toStored,
  toThought,
  touchedAt,
} from "./thought-rows";
import type { ThoughtsDialect } from "./thoughts.dialect";
import {
  type ImportOptions,
  type ImportOutcome,
  type ImportSource,
  type ImportWriter,
  importNewThoughts,
} from "./thoughts-import";
import { moveToTrash } from "./trash.repository";
import { toWallState, type WallState } from "./wall-state";

export interface ThoughtsRepository {
  /** A page of the wall. `state` is the wall's state as the caller already read it; without one, it is read. */
  list(query: ThoughtListQuery, state?: WallState): Promise<ThoughtPage>;
  /** How many thoughts and favorites there are, and the version every write moves. */
  state(): Promise<WallState>;
  /** What a search that found nothing offers: the labels and authors whose names hold one of its words. */
  suggest(search: string): Promise<Suggestions>;
  get(id: number): Promise<Thought | undefined>;
  /** The thought at a position counted from the oldest (0), among those the filter leaves (all by default). */
  at(position: number, filter?: ListFilter): Promise<Thought | undefined>;
  /**
   * Every thought, oldest first, read in keyset chunks of `chunk` rows (`WHERE id > last ORDER BY id LIMIT
   * n`): no offset to rescan, no cursor or transaction held open while a slow client downloads, memory flat
   * whatever the wall's size. Each chunk is its own read, so a thought written meanwhile may or may not be in it.
   */
  every(chunk?: number): AsyncGenerator<Thought>;
  create(input: ThoughtInput): Promise<Thought>;
  /**
   * Adds, in order and in one transaction, the thoughts not already on the wall (same text and author) nor
   * earlier in the list; a dry run counts the same and adds nothing.
   */
  importMany(inputs: ImportSource, options: ImportOptions): Promise<ImportOutcome>;
  /**
   * The fields the input names, changed; undefined when the thought is not on the wall. With `expected`
   * (If-Match), only if the thought's version is one of them, checked in the write's own statement or under
   * its row's lock: else StaleVersionError, nothing written. Every change moves the version by one.
   */
  replace(id: number, input: ThoughtInput, expected?: ExpectedVersions): Promise<Thought | undefined>;
  update(id: number, patch: ThoughtPatch, expected?: ExpectedVersions): Promise<Thought | undefined>;
  /**
   * Moves the thought to the trash, deleted at `now` (epoch ms, the current time by default); false when
   * it is not on the wall. Only the trash deletes a thought for good. With `expected`, as for update.
   */
  remove(id: number, now?: number, expected?: ExpectedVersions): Promise<boolean>;
}

/** Rows per read of `every`: 100k thoughts take 100 reads. */
export const EVERY_CHUNK = 1000;

/**
 * All the SQL about thoughts, over one store's connections. Each write keeps the thought's label rows
 * (`thought_labels`) in its own transaction; the database's triggers move the wall's state and the label
 * counts there too, and remembered search totals follow the wall's version. The reads (the list, the
 * wall's state, one thought, a position, every thought) go to `reader`, which sees the last commit (on
 * SQLite a connection of its own, so they do not wait behind an import's transaction); a write reads
 * what it needs in its own transaction.
 */
export function createThoughtsRepository(
  db: Kysely<Database>,
  dialect: ThoughtsDialect,
  { importWriter, reader = db }: { importWriter?: ImportWriter; reader?: Kysely<Database> } = {},
): ThoughtsRepository {
  const counts = new SearchCounts();

  async function state(): Promise<WallState> {
    const row = await reader
      .selectFrom("wall_state")
      .select(["version", "total", "favorites"])
      .executeTakeFirst();
    if (!row) throw new Error("wall_state has no row: the database was not migrated by Memoteca");
    return toWallState(row);
  }

  const words = new SearchWords();
  const page = thoughtPages(reader, dialect, { counts, words }, state);

  /**
   * A change that leaves the searched texts alone (favorite, model, labels, place) is one UPDATE of just
   * those columns, the time of the change and the version: atomic by itself, so it needs no read, and a
   * concurrent change of other fields stays. An If-Match is a condition of that UPDATE (`versao IN …`),
   * which PostgreSQL checks again on the row it waited for. New labels also rewrite the thought's label
   * rows, and the change log takes its row, in the same transaction.
   */
  async function updateFlags(id: number, patch: ThoughtPatch, expected: ExpectedVersions) {
    return db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable("thoughts")
        .set({ ...toStored(patch, dialect.flag), ...touchedAt(Date.now()), versao: nextVersion })
        .where("id", "=", id)
        .$if(expected !== undefined, (query) => query.where("versao", "in", expected ?? []))
        .returning(thoughtColumns)
        .executeTakeFirst();
      if (!row) return expected === undefined ? undefined : staleOrMissing(trx, id);
      const thought = toThought(row);
      if (patch.etiquetas !== undefined) await replaceLabelRows(trx, id, patch.etiquetas);
      return finishWrite(trx, dialect.changeLog, [{ kind: "pensamento", thoughtId: id }], thought);
    });
  }

  /**
   * After a guarded write matched no row: the thought is gone (undefined), or it is at another version
   * (StaleVersionError with it, which rolls the transaction back).
   */
  async function staleOrMissing(trx: Kysely<Database>, id: number): Promise<undefined> {
    const current = await trx
      .selectFrom("thoughts")
      .select(thoughtColumns)
      .where("id", "=", id)
      .executeTakeFirst();
    if (current) throw new StaleVersionError(toThought(current));
    return undefined;
  }

  /**
   * A change of a searched text also rewrites the search column from all of them, so the row is read,
   * merged and written under a lock: concurrent PATCHes of different fields all survive. Every change
   * moves atualizadoEm; criadoEm is never written after the create.
   */
  async function update(
    id: number,
    patch: ThoughtPatch,
    expected?: ExpectedVersions,
  ): Promise<Thought | undefined> {
    if (!changesDerived(patch)) return updateFlags(id, patch, expected);
    return db.transaction().execute(async (trx) => {
      const read = trx.selectFrom("thoughts").select(thoughtColumns).where("id", "=", id);
      const current = await (dialect.locksRowsForUpdate ? read.forUpdate() : read).executeTakeFirst();
      if (!current) return undefined;
      // Read under the row's lock (PostgreSQL) or the database's (SQLite): no write can slip in between.
      if (expected !== undefined && !expected.includes(Number(current.versao))) {
        throw new StaleVersionError(toThought(current));
      }
      const next = { ...toThought(current), ...patch, id };
      // busca is set only when a searched text changes: setting it, even to the same value, fires the FTS
      // trigger, which rewrites every trigram of the thought (a favorite toggle would pay for it).
      const textChanged =
        next.conteudo !== current.conteudo ||
        next.autoria !== current.autoria ||
        next.fonte !== current.fonte ||
        next.nota !== current.nota;
      const row = await trx
        .updateTable("thoughts")
        .set({
          ...toStored(patch, dialect.flag),
          ...(textChanged ? derivedColumns(next) : {}),
          ...touchedAt(Date.now()),
          versao: nextVersion,
        })
        .where("id", "=", id)
        .returning(thoughtColumns)
        .executeTakeFirstOrThrow();
      if (patch.etiquetas !== undefined) await replaceLabelRows(trx, id, patch.etiquetas);
      return finishWrite(trx, dialect.changeLog, [{ kind: "pensamento", thoughtId: id }], toThought(row));
    });
  }

  return {
    list: page,
    suggest: async (search) => suggestions(reader, dialect, words, (await state()).version, search),
    state,

    at: thoughtAt(reader, dialect),

    async get(id) {
      const row = await reader
        .selectFrom("thoughts")
        .select(thoughtColumns)
        .where("id", "=", id)
        .executeTakeFirst();
      return row ? toThought(row) : undefined;
    },

    async create(input) {
      // The insert of the new row, on the database or in a transaction.
      const insertOn = (executor: Kysely<Database>) =>
        executor
          .insertInto("thoughts")
          .values(toNewRow(input, dialect.flag, Date.now()))
          .returning(thoughtColumns);
      const { insertAlone } = dialect.changeLog;
      if (insertAlone && input.etiquetas.length === 0 && !idempotencyClaimed()) {
        return toThought(await insertAlone(db, insertOn(db)));
      }
      return db.transaction().execute(async (trx) => {
        const row = await insertOn(trx).executeTakeFirstOrThrow();
        const thought = toThought(row);
        await insertThoughtLabelRows(trx, thought.id, thought.etiquetas);
        return finishWrite(trx, dialect.changeLog, [{ kind: "pensamento", thoughtId: thought.id }], thought);
      });
    },

    importMany: (inputs, options) => importNewThoughts(db, dialect, inputs, options, importWriter),

    replace: (id, input, expected) => update(id, input, expected),
    update,

    remove: (id, now = Date.now(), expected = undefined) => moveToTrash(db, dialect, id, now, expected),

    async *every(chunk = EVERY_CHUNK) {
      let last = 0;
      for (;;) {
        const rows = await reader
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
    },
  };
}
