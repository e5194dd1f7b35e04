/**
 * The database as the rest of the server, the scripts and the benchmarks see it: open a store, and what
 * its repositories take and give. Nothing outside src/server/db imports another file of it (tests and
 * benchmarks also have ./testing).
 */
export type { AuthRepository } from "./auth.repository";
export type { ChangeKind, ChangeNotice, LogBounds, LoggedChange } from "./changes/change-log";
export {
  type IdempotencyClaim,
  IdempotencyKeyTakenError,
  type IdempotencyRepository,
  type StoredIdempotency,
  withIdempotencyKey,
} from "./changes/idempotency";
export { type ExpectedVersions, StaleVersionError } from "./changes/versions";
export { type OpenOptions, openStore } from "./database";
export type { DayChoice, DayChoiceRepository } from "./day-choice.repository";
export type { InboxRepository } from "./inbox.repository";
export { pacer } from "./pace";
export {
  type AnswerDecision,
  DEFAULT_REVIEW_SETTINGS,
  GROUP_COUNT_CAP,
  groupKey,
  type MemoriseEntry,
  type RecordOutcome,
  type ReviewCandidate,
  type ReviewFilter,
  type ReviewLogEntry,
  type ReviewRepository,
  type ReviewSettingsRow,
  type ReviewStateRow,
  type ReviewTheme,
  type StoredCard,
  type StoredReviewSettings,
} from "./review.repository";
export type { Database } from "./schema";
export { copySqliteFile } from "./sqlite/copy-file";
export type { DialectName, Store } from "./store";
export {
  type DatabaseTarget,
  type DatabaseTimeouts,
  DEFAULT_DATABASE_TIMEOUTS,
  parseDatabaseUrl,
} from "./target";
export {
  type BulkChange,
  type BulkOutcome,
  type BulkRepository,
  type ImportRecord,
  MissingThoughtsError,
  TooManyLabelsError,
  type UndoImportOutcome,
} from "./thoughts/bulk.repository";
export { WallLabelsFullError } from "./thoughts/label-room";
export type { LibraryRepository, NamePage, NamePageQuery } from "./thoughts/library.repository";
export { EVERY_CHUNK, type ThoughtsRepository } from "./thoughts/thoughts.repository";
export type { ImportOutcome } from "./thoughts/thoughts-import";
export type { WallState } from "./thoughts/wall-state";
export { isDatabaseUnavailable, unavailableReason } from "./unavailable";
export { WriteConflictError } from "./write-conflicts";
