import type { Kysely } from "kysely";
import type { AuthRepository } from "./auth.repository";
import type { DayChoiceRepository } from "./day-choice.repository";
import type { ReviewRepository } from "./review.repository";
import type { Database } from "./schema";
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
  /** The thought of the day as every instance sees it. */
  dayChoice: DayChoiceRepository;
  /** The daily review: its settings, sets, answers and their log (issue 41). */
  review: ReviewRepository;
  /** Resolves when the database answers a trivial query, rejects otherwise (the health check calls it). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
