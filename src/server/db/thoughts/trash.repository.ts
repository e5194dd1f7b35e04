import type { Kysely, Selectable, Transaction } from "kysely";
import { type Thought, TRASH_DAYS, type TrashedThought } from "../../../domain/contract";
import { type Change, type ChangeLogDialect, finishWrite } from "../changes/change-log";
import { type ExpectedVersions, StaleVersionError } from "../changes/versions";
import type { Database, TrashTable } from "../schema";
import { insertThoughtLabelRows } from "./thought-labels";
import { derivedColumns, thoughtColumns, toThought } from "./thought-rows";

/** How long a deleted thought stays in the trash. */
export const TRASH_KEEP_MS = TRASH_DAYS * 24 * 60 * 60 * 1000;

/** One page of the trash, most recently deleted first, and how many thoughts it holds in all. */
export interface TrashPage {
  items: TrashedThought[];
  total: number;
}

export type RestoreOutcome =
  | { status: "restored"; thought: Thought }
  /** Not in the trash (never was, restored or deleted for good since, or purged). */
  | { status: "missing" }
  /** A thought with its id is on the wall already; the trashed one stays in the trash. */
  | { status: "occupied" };

/**
 * The trash: a page of it, a restore and a deletion for good. Every operation takes the time (epoch ms);
 * every write first purges what was deleted more than TRASH_DAYS before it, in its own transaction, and
 * the page leaves it out: the trash empties itself with no timer, and never shows or restores a thought
 * past its time.
 */
export interface TrashRepository {
  list(query: { page: number; limit: number }, now: number): Promise<TrashPage>;
  /** Back on the wall under its own id, so in its own place (the wall is ordered by id). */
  restore(id: number, now: number): Promise<RestoreOutcome>;
  /** Gone for good; false when it is not in the trash. */
  erase(id: number, now: number): Promise<boolean>;
  /** Every thought in the trash gone for good; how many were there (past their time or not, all go). */
  empty(now: number): Promise<number>;
}

/**
 * The columns a trashed thought keeps: those of the thought, its labels among them (its search column, its
 * author's key and its label rows are rebuilt on restore).
 */
const trashColumns = [...thoughtColumns, "deleted_at"] as const;
type TrashRow = Pick<Selectable<TrashTable>, (typeof trashColumns)[number]>;

function toTrashedThought(row: TrashRow): TrashedThought {
  return { ...toThought(row), excluidoEm: new Date(Number(row.deleted_at)).toISOString() };
}

/**
 * Deletes for good what was trashed more than TRASH_KEEP_MS before `now`; the change log's rows for it (a
 * 'mural', the trash's screen shows another list) when it deleted any.
 */
async function purgeExpired(trx: Transaction<Database>, now: number): Promise<Change[]> {
  const purged = await trx
    .deleteFrom("trash")
    .where("deleted_at", "<", now - TRASH_KEEP_MS)
    .executeTakeFirst();
  return Number(purged.numDeletedRows) > 0 ? [{ kind: "mural" }] : [];
}

/** Thrown inside a restore's transaction to roll back the trash's delete when the id is taken. */
class IdOnTheWall extends Error {}

/**
 * Moves a thought from the wall to the trash in one transaction; false when it is not on the wall. Its
 * triggers take it out of the wall's counts, version and search index like any delete. The row leaves
 * `thoughts` first (DELETE … RETURNING): on PostgreSQL that takes its lock, so a second move of the same
 * thought waits, then finds nothing (a 404), instead of copying it too and failing on the trash's key.
 * (SQLite's write transactions begin IMMEDIATE, one at a time.) Exports and the import's duplicate check
 * read `thoughts` only, on purpose: a trashed thought is not on the wall. (A SQLite backup copies the whole
 * file, trash included.)
 */
export async function moveToTrash(
  db: Kysely<Database>,
  dialect: { changeLog: ChangeLogDialect },
  id: number,
  now: number,
  expected?: ExpectedVersions,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const purged = await purgeExpired(trx, now);
    const row = await trx
      .deleteFrom("thoughts")
      .where("id", "=", id)
      .$if(expected !== undefined, (query) => query.where("versao", "in", expected ?? []))
      .returning(thoughtColumns)
      .executeTakeFirst();
    if (!row) {
      if (expected !== undefined) {
        const current = await trx
          .selectFrom("thoughts")
          .select(thoughtColumns)
          .where("id", "=", id)
          .executeTakeFirst();
        if (current) throw new StaleVersionError(toThought(current));
      }
      return finishWrite(trx, dialect.changeLog, purged, false);
    }
    await trx
      .insertInto("trash")
      .values({ ...row, deleted_at: now })
      .execute();
    return finishWrite(trx, dialect.changeLog, [...purged, { kind: "removido", thoughtId: id }], true);
  });
}

/**
 * The trash over the store's connections: its page is read on `reader` (on SQLite a connection of its own,
 * so the trash screen does not wait behind an import's transaction), its writes on `db`.
 */
export function createTrashRepository(
  db: Kysely<Database>,
  dialect: { changeLog: ChangeLogDialect },
  reader: Kysely<Database> = db,
): TrashRepository {
  const log = dialect.changeLog;
  return {
    // A read, so it purges nothing: it leaves out what is past its time, which the next write of the trash
    // (a move in, a restore, a deletion) purges. No transaction: SQLite's begin IMMEDIATE, which takes the
    // write lock, and the reader's connection is read-only. A write committed between the page and the
    // count may show in one and not the other, as with the wall's page and total.
    async list({ page, limit }, now) {
      const kept = reader.selectFrom("trash").where("deleted_at", ">=", now - TRASH_KEEP_MS);
      const rows = await kept
        .select(trashColumns)
        .orderBy("deleted_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .offset((page - 1) * limit)
        .execute();
      const { total } = await kept
        .select((eb) => eb.fn.countAll<number | string>().as("total"))
        .executeTakeFirstOrThrow();
      return { items: rows.map(toTrashedThought), total: Number(total) };
    },

    /**
     * The trash's row is deleted first, as in a move (its lock on PostgreSQL), so a concurrent restore or
     * deletion of the same thought waits and then finds it gone: it goes back on the wall once. Ids are
     * never reused, so its id is free; should one be taken anyway, nothing changes.
     */
    async restore(id, now) {
      try {
        return await db.transaction().execute(async (trx): Promise<RestoreOutcome> => {
          const purged = await purgeExpired(trx, now);
          const trashed = await trx
            .deleteFrom("trash")
            .where("id", "=", id)
            .returning(thoughtColumns)
            .executeTakeFirst();
          if (!trashed) return finishWrite(trx, log, purged, { status: "missing" });
          // A restore is a change of the thought: its version moves on from the one it left with.
          const row = await trx
            .insertInto("thoughts")
            .values({ ...trashed, ...derivedColumns(trashed), versao: Number(trashed.versao) + 1 })
            .onConflict((conflict) => conflict.column("id").doNothing())
            .returning(thoughtColumns)
            .executeTakeFirst();
          if (!row) throw new IdOnTheWall();
          const thought = toThought(row);
          await insertThoughtLabelRows(trx, thought.id, thought.etiquetas);
          return finishWrite(trx, log, [...purged, { kind: "pensamento", thoughtId: thought.id }], {
            status: "restored",
            thought,
          });
        });
      } catch (error) {
        if (error instanceof IdOnTheWall) return { status: "occupied" };
        throw error;
      }
    },

    erase: (id, now) =>
      db.transaction().execute(async (trx) => {
        const purged = await purgeExpired(trx, now);
        const result = await trx.deleteFrom("trash").where("id", "=", id).executeTakeFirst();
        const erased = Number(result.numDeletedRows) > 0;
        const changes: Change[] = erased ? [...purged, { kind: "removido", thoughtId: id }] : purged;
        return finishWrite(trx, log, changes, erased);
      }),

    // The purge first, as in every call, so the count is of what the trash showed: the thoughts it held.
    empty: (now) =>
      db.transaction().execute(async (trx) => {
        const purged = await purgeExpired(trx, now);
        const result = await trx.deleteFrom("trash").executeTakeFirst();
        const emptied = Number(result.numDeletedRows);
        return finishWrite(trx, log, emptied > 0 ? [{ kind: "mural" }] : purged, emptied);
      }),
  };
}
