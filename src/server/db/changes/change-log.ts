import { type InsertQueryBuilder, type Kysely, sql, type Transaction } from "kysely";
import { CHANGE_LOG_DAYS, CHANGE_LOG_MAX_ROWS, type Thought } from "../../../domain/contract";
import type { Database } from "../schema";
import { type ThoughtRow, thoughtColumns, toThought } from "../thoughts/thought-rows";
import { recordIdempotentAnswer } from "./idempotency";

/**
 * What a change-log row says happened: a thought created or changed (its current state is sent), a thought
 * gone from the wall (to the trash, or for good), or many at once (a label's rename, merge or removal, an
 * import, the trash emptied or purged), after which a client refetches its lists.
 */
export type ChangeKind = "pensamento" | "removido" | "mural";
export type Change = { kind: "pensamento" | "removido"; thoughtId: number } | { kind: "mural" };

/** A row of the log as the live stream reads it: for a thought's change, the thought as it is now. */
export interface LoggedChange {
  seq: number;
  kind: ChangeKind;
  thoughtId: number | null;
  /** The thought on the wall now ('pensamento'), or undefined when it has left it since. */
  thought?: Thought;
}

/**
 * What a PostgreSQL notice says: the new head's seq and, from a create made in one statement (insertAlone),
 * the thought it created, so that every instance can send that change on without reading the log.
 */
export interface ChangeNotice {
  seq: number;
  thought?: Thought;
}

/** A notice's payload: a seq alone (`12`), or a create's `{"seq":12,"thought":{…row…}}`; undefined if neither. */
export function readChangeNotice(payload: string | undefined): ChangeNotice | undefined {
  if (payload === undefined) return undefined;
  if (/^\d+$/.test(payload)) return { seq: Number(payload) };
  try {
    const { seq, thought } = JSON.parse(payload) as { seq?: unknown; thought?: ThoughtRow };
    if (typeof seq !== "number" || typeof thought !== "object" || thought === null) return undefined;
    return { seq, thought: toThought(thought) };
  } catch {
    return undefined;
  }
}

/**
 * PostgreSQL refuses a notice's payload of 8,000 bytes or more: a longer thought's notice carries its seq
 * alone, and the instances read it from the log.
 */
const NOTICE_MAX_BYTES = 7_900;

/** Where the log stands: its last row's seq (0 for none), and up to which seq rows were trimmed away. */
export interface LogBounds {
  head: number;
  floor: number;
}

/** A row to append: what changed, and when (epoch ms). */
interface NewChange {
  kind: ChangeKind;
  thought_id: number | null;
  at: number;
}

/**
 * How the change log is appended on the store's database (the store picks one when it opens).
 * PostgreSQL draws a BIGSERIAL per row, and sequence numbers are given out in the order transactions ask,
 * not the order they commit: a reader could see 8 committed before 7 and move past 7 for good. So the append
 * first takes a transaction-level advisory lock, held until the commit: the appends (and their numbers) go
 * one transaction at a time, in commit order, and a reader that sees N sees every row below it. It is the
 * last thing a write does before committing, so the lock is held for one INSERT and the commit. Then
 * `pg_notify`, which PostgreSQL delivers at the commit (and never for a rollback) to every instance's
 * LISTEN. The lock, the rows and the notice are one statement: one round trip of a write's few.
 * SQLite has one writer at a time, so its numbers are in commit order already; its instances poll.
 */
export interface ChangeLogDialect {
  append(trx: Transaction<Database>, rows: readonly NewChange[]): Promise<void>;
  /**
   * Where a database gains by it (PostgreSQL, where each statement of a transaction is a round trip): a
   * create that needs nothing else in its transaction (no labels, no Idempotency-Key) and its log row, as
   * one statement, committed on its own; the thought's row as the insert returns it.
   */
  insertAlone?(db: Kysely<Database>, insert: ThoughtInsert): Promise<ThoughtRow>;
}

/** An insert of one thought that returns its columns. */
export type ThoughtInsert = InsertQueryBuilder<Database, "thoughts", ThoughtRow>;

/** pg_advisory_xact_lock's key for the change log: "MemC" in ASCII (the import's is "Memo"). */
export const CHANGE_LOG_LOCK_KEY = 0x4d656d43;
/**
 * The channel of this wall's notices, as SQL: "memoteca_" and the md5 of the schema the connection writes to.
 * A channel belongs to the whole database, and walls in other schemas of it (the e2e suite's workers, the
 * tests) must not take each other's notices, let alone each other's thoughts; the md5 keeps the name under
 * PostgreSQL's 63 bytes, which a schema's name alone may reach. The listener asks its own connection for
 * the same expression, so writer and listener agree by construction.
 */
export const CHANGES_CHANNEL_SQL = "'memoteca_' || md5(current_schema())";
const changesChannel = sql.raw(CHANGES_CHANNEL_SQL);

export const postgresChangeLog: ChangeLogDialect = {
  async append(trx, rows) {
    const values = sql.join(
      rows.map((row) => sql`(${row.kind}::text, ${row.thought_id}::integer, ${row.at}::bigint)`),
    );
    // The rows are joined to the lock's one row, so none is numbered before the lock is held.
    await sql`
      WITH held AS (SELECT pg_advisory_xact_lock(${CHANGE_LOG_LOCK_KEY})),
      appended AS (
        INSERT INTO change_log (kind, thought_id, at)
        SELECT change.kind, change.thought_id, change.at
        FROM (VALUES ${values}) AS change (kind, thought_id, at) CROSS JOIN held
        RETURNING seq
      )
      SELECT pg_notify(${changesChannel}, max(seq)::text) FROM appended`.execute(trx);
  },

  // The create, its log row and the notice in one statement (one round trip and no BEGIN/COMMIT: about 1 ms
  // off a create's 3 on two cores). The notice carries the thought, so no instance reads the log for it.
  // Its locks are taken in every writer's order, or two writers could each wait for the other: first the
  // row of `wall_state`, which every write to thoughts updates (its trigger will, at the statement's end;
  // the update below changes nothing), then the log's lock, which the join to `state` holds back until
  // that row is locked.
  async insertAlone(db, insert) {
    const { rows } = await sql<ThoughtRow>`
      WITH state AS (UPDATE wall_state SET version = version WHERE id = 1 RETURNING 1),
      written AS (${insert}),
      held AS (
        SELECT pg_advisory_xact_lock(${CHANGE_LOG_LOCK_KEY}) FROM (SELECT count(*) FROM state) AS locked
      ),
      appended AS (
        INSERT INTO change_log (kind, thought_id, at)
        SELECT 'pensamento', written.id, ${Date.now()}::bigint FROM written CROSS JOIN held
        RETURNING seq
      ),
      notice AS (
        SELECT appended.seq, json_build_object('seq', appended.seq, 'thought', row_to_json(written))::text AS text
        FROM appended CROSS JOIN written
      ),
      told AS (
        SELECT pg_notify(
          ${changesChannel},
          CASE WHEN octet_length(text) < ${NOTICE_MAX_BYTES} THEN text ELSE seq::text END
        ) FROM notice
      )
      SELECT written.* FROM written CROSS JOIN told`.execute(db);
    const row = rows[0];
    if (!row) throw new Error("the create returned no row");
    return row;
  },
};

export const sqliteChangeLog: ChangeLogDialect = {
  async append(trx, rows) {
    await trx
      .insertInto("change_log")
      .values([...rows])
      .execute();
  },
};

/**
 * The end of every write's transaction: its `Idempotency-Key`, if the request carried one, with the
 * answer (idempotency.ts), then its rows of the change log, in that order, so the log's lock (PostgreSQL)
 * is taken last and held the shortest. Called by every repository write, inside its transaction, after the
 * write itself: the rows commit with the write or not at all.
 */
export async function finishWrite<T>(
  trx: Transaction<Database>,
  log: ChangeLogDialect,
  changes: readonly Change[],
  result: T,
): Promise<T> {
  await recordIdempotentAnswer(trx, result);
  if (changes.length === 0) return result;
  const at = Date.now();
  await log.append(
    trx,
    changes.map((change) => ({
      kind: change.kind,
      thought_id: change.kind === "mural" ? null : change.thoughtId,
      at,
    })),
  );
  return result;
}

/** The log's reads and its trim, on the store's connections (reads on `reader`, which sees the last commit). */
export interface ChangeLogRepository {
  /** The last seq and the trim's floor, in one cheap read (the index's last entry and one row). */
  bounds(): Promise<LogBounds>;
  /** Up to `limit` rows after `seq`, in order, each thought change with the thought as it is now. */
  after(seq: number, limit: number): Promise<LoggedChange[]>;
  /**
   * Deletes the rows older than CHANGE_LOG_DAYS before `now` and those beyond the last CHANGE_LOG_MAX_ROWS,
   * and raises the floor to the last seq deleted; how many went.
   */
  trim(now: number, keep?: { days?: number; rows?: number }): Promise<number>;
}

export function createChangeLogRepository(
  db: Kysely<Database>,
  reader: Kysely<Database> = db,
): ChangeLogRepository {
  return {
    async bounds() {
      const row = await reader
        .selectFrom("change_log_floor")
        .select((eb) => [
          "change_log_floor.seq as floor",
          eb
            .selectFrom("change_log")
            .select((inner) => inner.fn.max("change_log.seq").as("m"))
            .as("head"),
        ])
        .executeTakeFirstOrThrow();
      const floor = Number(row.floor);
      return { floor, head: row.head === null ? floor : Math.max(floor, Number(row.head)) };
    },

    async after(seq, limit) {
      // One read: each row with its thought as it is now (none once it has left the wall). Every instance
      // runs it after every commit while a stream is open: two reads there cost a create about 0.3 ms on
      // PostgreSQL with two instances.
      const rows = await reader
        .selectFrom("change_log")
        .leftJoin("thoughts", (join) =>
          join.onRef("thoughts.id", "=", "change_log.thought_id").on("change_log.kind", "=", "pensamento"),
        )
        .select(["change_log.seq", "change_log.kind", "change_log.thought_id"])
        .select(thoughtColumns.map((column) => `thoughts.${column}` as const))
        .where("change_log.seq", ">", seq)
        .orderBy("change_log.seq")
        .limit(limit)
        .execute();
      return rows.map((row) => {
        const thoughtId = row.thought_id === null ? null : Number(row.thought_id);
        return {
          seq: Number(row.seq),
          kind: row.kind as ChangeKind,
          thoughtId,
          thought: row.id === null ? undefined : toThought(row as ThoughtRow),
        };
      });
    },

    async trim(now, { days = CHANGE_LOG_DAYS, rows: kept = CHANGE_LOG_MAX_ROWS } = {}) {
      return db.transaction().execute(async (trx) => {
        const head = await trx
          .selectFrom("change_log")
          .select((eb) => eb.fn.max("seq").as("m"))
          .executeTakeFirst();
        const bySize = head?.m == null ? 0 : Number(head.m) - kept;
        const byAge = await trx
          .selectFrom("change_log")
          .select((eb) => eb.fn.max("seq").as("m"))
          .where("at", "<", now - days * 24 * 60 * 60 * 1000)
          .executeTakeFirst();
        const upTo = Math.max(bySize, byAge?.m == null ? 0 : Number(byAge.m));
        if (upTo <= 0) return 0;
        const deleted = await trx.deleteFrom("change_log").where("seq", "<=", upTo).executeTakeFirst();
        await trx
          .updateTable("change_log_floor")
          .set({ seq: upTo })
          .where("id", "=", 1)
          .where("seq", "<", upTo)
          .execute();
        return Number(deleted.numDeletedRows);
      });
    },
  };
}
