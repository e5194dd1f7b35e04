import type { Kysely } from "kysely";
import type { AuthRepository } from "./auth.repository";
import type { ChangeLogRepository, ChangeNotice } from "./changes/change-log";
import type { IdempotencyRepository } from "./changes/idempotency";
import type { DayChoiceRepository } from "./day-choice.repository";
import type { InboxRepository } from "./inbox.repository";
import type { ReviewRepository } from "./review.repository";
import type { Database } from "./schema";
import type { BulkRepository } from "./thoughts/bulk.repository";
import type { LabelsRepository } from "./thoughts/labels.repository";
import type { LibraryRepository } from "./thoughts/library.repository";
import type { ThoughtsRepository } from "./thoughts/thoughts.repository";
import type { TrashRepository } from "./thoughts/trash.repository";

export type DialectName = "sqlite" | "postgres";

/**
 * An open database: the query builder, which dialect it speaks, its thoughts, their trash and labels, its
 * password and sessions, the day's choice, and how to close it.
 */
export interface Store {
  db: Kysely<Database>;
  dialect: DialectName;
  thoughts: ThoughtsRepository;
  /** The thoughts deleted from the wall, for TRASH_DAYS (thoughts.remove moves them there). */
  trash: TrashRepository;
  labels: LabelsRepository;
  /** The authors and sources, with counts, in pt-BR order. */
  library: LibraryRepository;
  auth: AuthRepository;
  /** Many thoughts at once (the wall's selection), and the imports' record and undo. */
  bulk: BulkRepository;
  /** The private inbox's secret. */
  inbox: InboxRepository;
  /** The thought of the day as every instance sees it. */
  dayChoice: DayChoiceRepository;
  /** The daily review: its settings, sets, answers and their log (issue 41). */
  review: ReviewRepository;
  /** The change log behind the live events: its reads and trim, and how this store hears of new rows. */
  changes: ChangeLogRepository & ChangeWatch;
  /** The Idempotency-Keys of the last 24 hours (the writes record them in their own transactions). */
  idempotency: IdempotencyRepository;
  /** Resolves when the database answers a trivial query, rejects otherwise (the health check calls it). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * How an instance hears that the change log grew: `watch` calls `onChange` at each commit another
 * connection made (PostgreSQL's LISTEN, on a client off the pool), with what its notice said, until
 * stopped; `pollMs` is how often the reader of the log also looks at its head anyway (SQLite, whose
 * processes share only the file: every ~100 ms; PostgreSQL: a backstop every few seconds, should a
 * notification be lost with its connection).
 */
export interface ChangeWatch {
  watch(onChange: (notice?: ChangeNotice) => void): { close(): Promise<void> };
  pollMs: number;
}
