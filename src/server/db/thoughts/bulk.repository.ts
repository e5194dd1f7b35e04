import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
  sql,
  type Transaction,
} from "kysely";
import type { Thought } from "../../../domain/contract";
import { labelKey } from "../../../domain/labels";
import { LABELS_MAX } from "../../../domain/rules";
import { finishWrite } from "../changes/change-log";
import type { Database } from "../schema";
import { DEFAULT_RETRY, retryingConflicts } from "../write-conflicts";
import { checkLabelRoom, heldKeys } from "./label-room";
import { insertLabelRows } from "./thought-labels";
import { derivedColumns, nextVersion, thoughtColumns, toThought, touchedAt } from "./thought-rows";
import type { ThoughtsDialect } from "./thoughts.dialect";
import type { ImportWriter } from "./thoughts-import";
import { movedColumns, purgeExpired } from "./trash.repository";

/** Some of the thoughts named are not where the action looks for them: nothing was done. */
export class MissingThoughtsError extends Error {
  constructor(readonly missing: number) {
    super(`${missing} of the thoughts named are not there`);
    this.name = "MissingThoughtsError";
  }
}

/** Adding a label would give some thoughts more than LABELS_MAX: nothing was done. */
export class TooManyLabelsError extends Error {
  constructor(readonly full: number) {
    super(`${full} thoughts already carry ${LABELS_MAX} labels`);
    this.name = "TooManyLabelsError";
  }
}

/** What the selection's thoughts get: to the trash or back, a label added or taken off, the star on or off. */
export type BulkChange =
  | { kind: "trash" }
  | { kind: "restore" }
  | { kind: "label"; label: string }
  | { kind: "unlabel"; label: string }
  | { kind: "favorite"; value: boolean };

export interface BulkOutcome {
  /** How many thoughts the change reached (a label already there, or a star already on, counts too). */
  total: number;
  /** The instant a move to the trash was dated (epoch ms): its 'Desfazer' names it. */
  deletedAt?: number;
}

/** One import as 'Importações' lists it. */
export interface ImportRecord {
  id: number;
  /** When its transaction ended (epoch ms). */
  createdAt: number;
  kind: string;
  /** How many thoughts it added. */
  total: number;
  /** How many of them are on the wall now. */
  onWall: number;
  /** Of those on the wall, how many changed since (an undo leaves them unless asked to include them). */
  edited: number;
}

export interface UndoImportOutcome {
  /** Thoughts moved to the trash. */
  moved: number;
  /** Thoughts of the import left on the wall because they were edited since. */
  keptEdited: number;
  /** The instant they went to the trash (epoch ms): the undo's 'Desfazer' names it. */
  deletedAt: number;
}

/**
 * Many thoughts at once, each action one transaction whatever their number, its statements set-based (a
 * few per action, none per thought): the selection of the wall (`POST /api/pensamentos/lote`) and the
 * imports' record and undo. A list of ids that names a thought not there does nothing at all
 * (MissingThoughtsError, the transaction rolled back).
 */
export interface BulkRepository {
  apply(ids: readonly number[], change: BulkChange, now: number): Promise<BulkOutcome>;
  /** The thoughts on the wall among `ids`, oldest first (an export of the selection). */
  read(ids: readonly number[]): Promise<Thought[]>;
  /** The imports that added thoughts, newest first, the latest `limit`. */
  imports(limit: number): Promise<ImportRecord[]>;
  /**
   * Moves the import's thoughts on the wall to the trash, in one step; those changed since the import
   * stay unless `includeEdited`. Undefined when there is no such import.
   */
  undoImport(
    id: number,
    options: { includeEdited: boolean },
    now: number,
  ): Promise<UndoImportOutcome | undefined>;
  /** Puts back on the wall what an undo of the import moved to the trash at `deletedAt`. */
  redoImport(id: number, deletedAt: number, now: number): Promise<number>;
}

type ThoughtsWhere = (eb: ExpressionBuilder<Database, "thoughts">) => Expression<SqlBool>;
type TrashWhere = (eb: ExpressionBuilder<Database, "trash">) => Expression<SqlBool>;

/** Rows read back from the trash per insert on the wall (SQLite's statements hold the event loop). */
const RESTORE_CHUNK = 200;
/** Ids per read of an export of the selection. */
const READ_CHUNK = 1000;

export function createBulkRepository(
  db: Kysely<Database>,
  dialect: ThoughtsDialect,
  { reader = db, bulkWriter }: { reader?: Kysely<Database>; bulkWriter?: ImportWriter } = {},
): BulkRepository {
  const direct: ImportWriter = (work) => work(db);
  /**
   * One action in one transaction, run again whole when PostgreSQL aborts it for a deadlock or a
   * serialization failure; on SQLite in the imports' worker thread, as a label's rename: 10,000 thoughts'
   * deletes (and their search index's) would otherwise hold the event loop for the whole statement.
   */
  const write = <T>(change: (trx: Transaction<Database>) => Promise<T>) =>
    retryingConflicts(
      () =>
        (bulkWriter ?? direct)((on) =>
          // One 'mural' row in the change log for the whole action, however many thoughts it changed.
          on
            .transaction()
            .execute(async (trx) =>
              finishWrite(trx, dialect.changeLog, [{ kind: "mural" }], await change(trx)),
            ),
        ),
      DEFAULT_RETRY,
    );

  /**
   * The thoughts `where` picks, copied into the trash (dated `now`) and deleted from the wall, in the
   * caller's transaction: two statements however many. On PostgreSQL they are locked first, so a
   * concurrent move of one of them waits and then finds it gone.
   */
  async function moveWhere(trx: Transaction<Database>, where: ThoughtsWhere, now: number): Promise<number> {
    await purgeExpired(trx, now);
    if (dialect.locksRowsForUpdate) {
      await trx.selectFrom("thoughts").select("id").where(where).forUpdate().execute();
    }
    // The instant as a literal: a bound parameter in a SELECT list has no type for PostgreSQL to convert.
    const copied = await trx
      .insertInto("trash")
      .columns([...movedColumns, "deleted_at"])
      .expression(
        trx
          .selectFrom("thoughts")
          .select([...movedColumns])
          .select(sql.lit(Math.trunc(now)).as("deleted_at"))
          .where(where),
      )
      .executeTakeFirst();
    const deleted = await trx.deleteFrom("thoughts").where(where).executeTakeFirst();
    const count = Number(deleted.numDeletedRows);
    if (Number(copied.numInsertedOrUpdatedRows ?? count) !== count) {
      throw new Error("the trash's copy and the wall's delete reached different thoughts");
    }
    return count;
  }

  /**
   * The trash's rows `where` picks back on the wall under their own ids, with their search column, their
   * author's key and their label rows rebuilt, in the caller's transaction, by chunks of rows.
   */
  async function restoreWhere(trx: Transaction<Database>, where: TrashWhere, now: number): Promise<number> {
    await purgeExpired(trx, now);
    const rows = await trx
      .selectFrom("trash")
      .select([...movedColumns])
      .where(where)
      .orderBy("id")
      .execute();
    for (let start = 0; start < rows.length; start += RESTORE_CHUNK) {
      const chunk = rows.slice(start, start + RESTORE_CHUNK);
      await trx
        .insertInto("thoughts")
        .values(chunk.map((row) => ({ ...row, ...derivedColumns(row), versao: Number(row.versao) + 1 })))
        .execute();
    }
    await insertLabelRows(
      trx,
      rows.map((row) => ({ id: Number(row.id), labels: JSON.parse(String(row.etiquetas)) as string[] })),
    );
    if (rows.some((row) => String(row.etiquetas) !== "[]")) await checkLabelRoom(trx);
    await trx.deleteFrom("trash").where(where).execute();
    return rows.length;
  }

  /**
   * Adds the label to those of the thoughts that lack it (by its key): their label rows, then their labels'
   * JSON with it at the end. Refused whole when one of them holds LABELS_MAX labels already, or when the
   * label is new and the wall holds as many as it may.
   */
  async function labelMany(trx: Transaction<Database>, ids: readonly number[], label: string) {
    const key = labelKey(label);
    const named = label.trim();
    const lacking = (
      await trx
        .selectFrom("thoughts")
        .select("id")
        .where("id", "in", ids)
        .where("id", "not in", (eb) =>
          eb.selectFrom("thought_labels").select("thought_id").where("key", "=", key),
        )
        .execute()
    ).map((row) => Number(row.id));
    if (lacking.length === 0) return;
    const full = await trx
      .selectFrom("thought_labels")
      .select("thought_id")
      .where("thought_id", "in", lacking)
      .groupBy("thought_id")
      .having((eb) => eb.fn.countAll(), ">=", LABELS_MAX)
      .execute();
    if (full.length > 0) throw new TooManyLabelsError(full.length);
    const isNew = (await heldKeys(trx, [named])).size === 0;
    await insertLabelRows(
      trx,
      lacking.map((id) => ({ id, labels: [named] })),
    );
    await trx
      .updateTable("thoughts")
      .set({ etiquetas: dialect.appendedJson(named), ...touchedAt(Date.now()), versao: nextVersion })
      .where("id", "in", lacking)
      .execute();
    if (isNew) await checkLabelRoom(trx);
  }

  async function unlabelMany(trx: Transaction<Database>, ids: readonly number[], label: string) {
    const key = labelKey(label);
    const spellings = await trx
      .selectFrom("thought_labels")
      .select("label")
      .distinct()
      .where("key", "=", key)
      .where("thought_id", "in", ids)
      .execute();
    if (spellings.length === 0) return;
    const carrying = trx.selectFrom("thought_labels").select("thought_id").where("key", "=", key);
    await trx
      .updateTable("thoughts")
      .set({
        etiquetas: dialect.relabeledJson(
          spellings.map((row) => row.label),
          undefined,
        ),
        ...touchedAt(Date.now()),
        versao: nextVersion,
      })
      .where("id", "in", ids)
      .where("id", "in", carrying)
      .execute();
    await trx.deleteFrom("thought_labels").where("key", "=", key).where("thought_id", "in", ids).execute();
  }

  /** Throws MissingThoughtsError unless every id is on the wall (read in the action's transaction). */
  async function requireOnWall(trx: Transaction<Database>, ids: readonly number[]) {
    // On PostgreSQL they are locked too, so none leaves the wall before the action's write.
    const read = trx.selectFrom("thoughts").select("id").where("id", "in", ids);
    const found = await (dialect.locksRowsForUpdate ? read.forUpdate() : read).execute();
    if (found.length !== ids.length) throw new MissingThoughtsError(ids.length - found.length);
  }

  return {
    async apply(given, change, now) {
      const ids = [...new Set(given)];
      return write(async (trx): Promise<BulkOutcome> => {
        switch (change.kind) {
          case "trash": {
            const moved = await moveWhere(trx, (eb) => eb("thoughts.id", "in", ids), now);
            if (moved !== ids.length) throw new MissingThoughtsError(ids.length - moved);
            return { total: moved, deletedAt: now };
          }
          case "restore": {
            const restored = await restoreWhere(trx, (eb) => eb("trash.id", "in", ids), now);
            if (restored !== ids.length) throw new MissingThoughtsError(ids.length - restored);
            return { total: restored };
          }
          case "label":
            await requireOnWall(trx, ids);
            await labelMany(trx, ids, change.label);
            return { total: ids.length };
          case "unlabel":
            await requireOnWall(trx, ids);
            await unlabelMany(trx, ids, change.label);
            return { total: ids.length };
          case "favorite": {
            await requireOnWall(trx, ids);
            // Only those whose star changes: the others keep their time of change.
            await trx
              .updateTable("thoughts")
              .set({ favorito: dialect.flag(change.value), ...touchedAt(Date.now()), versao: nextVersion })
              .where("id", "in", ids)
              .where("favorito", "<>", dialect.flag(change.value))
              .execute();
            return { total: ids.length };
          }
        }
      });
    },

    async read(ids) {
      const found: Thought[] = [];
      const sorted = [...new Set(ids)].sort((a, b) => a - b);
      for (let start = 0; start < sorted.length; start += READ_CHUNK) {
        const rows = await reader
          .selectFrom("thoughts")
          .select(thoughtColumns)
          .where("id", "in", sorted.slice(start, start + READ_CHUNK))
          .orderBy("id")
          .execute();
        for (const row of rows) found.push(toThought(row));
      }
      return found;
    },

    async imports(limit) {
      const rows = await reader
        .selectFrom("imports")
        .select((eb) => [
          "imports.id",
          "imports.created_at",
          "imports.kind",
          "imports.total",
          eb
            .selectFrom("thoughts")
            .select((inner) => inner.fn.countAll<number | string>().as("n"))
            .whereRef("thoughts.import_id", "=", "imports.id")
            .as("on_wall"),
          eb
            .selectFrom("thoughts")
            .select((inner) => inner.fn.countAll<number | string>().as("n"))
            .whereRef("thoughts.import_id", "=", "imports.id")
            .whereRef("thoughts.atualizadoEm", ">", "imports.created_at")
            .as("edited"),
        ])
        .orderBy("imports.created_at", "desc")
        .orderBy("imports.id", "desc")
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: Number(row.id),
        createdAt: Number(row.created_at),
        kind: row.kind,
        total: Number(row.total),
        onWall: Number(row.on_wall ?? 0),
        edited: Number(row.edited ?? 0),
      }));
    },

    undoImport: (id, { includeEdited }, now) =>
      write(async (trx): Promise<UndoImportOutcome | undefined> => {
        const record = await trx
          .selectFrom("imports")
          .select("created_at")
          .where("id", "=", id)
          .executeTakeFirst();
        if (!record) return undefined;
        const importedAt = Number(record.created_at);
        const ofImport = (eb: ExpressionBuilder<Database, "thoughts">) => eb("thoughts.import_id", "=", id);
        const unedited = (eb: ExpressionBuilder<Database, "thoughts">) =>
          eb.and([ofImport(eb), eb("thoughts.atualizadoEm", "<=", importedAt)]);
        const moved = await moveWhere(trx, includeEdited ? ofImport : unedited, now);
        const left = await trx
          .selectFrom("thoughts")
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .where(ofImport)
          .executeTakeFirstOrThrow();
        return { moved, keptEdited: Number(left.n), deletedAt: now };
      }),

    redoImport: (id, deletedAt, now) =>
      write((trx) =>
        restoreWhere(
          trx,
          (eb) => eb.and([eb("trash.import_id", "=", id), eb("trash.deleted_at", "=", deletedAt)]),
          now,
        ),
      ),
  };
}
