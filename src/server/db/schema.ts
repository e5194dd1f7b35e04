import type { Generated } from "kysely";
import type { Thought } from "../../domain/contract-schemas";
import type { EpochMsField } from "../../domain/thought-fields";

/**
 * A field of the contract's thought as a table stores it: a boolean is 0/1 on SQLite (the repository
 * converts through its dialect's `flag`), a choice among texts is a text, a list (the labels) JSON text.
 */
type Stored<T> = T extends boolean
  ? number | boolean
  : T extends string
    ? string
    : T extends readonly unknown[]
      ? string
      : T;

/**
 * The thought's fields but its id, as stored: declared once, by the contract's schema; the instants
 * (criadoEm, atualizadoEm) as epoch milliseconds.
 */
export type ThoughtFields = {
  [K in Exclude<keyof Thought, "id">]: K extends EpochMsField
    ? Millis
    : K extends "versao"
      ? // DEFAULT 1 (migration 20261128T0100): an insert may leave it out; the repositories move it.
        Generated<number>
      : Stored<Thought[K]>;
};

/** Table shapes as the database stores them; only the repository sees these rows. */
export interface ThoughtsTable extends ThoughtFields {
  id: Generated<number>;
  /**
   * conteudo, autoria, and fonte and nota when not empty, folded (lower case, no accents), joined by line
   * breaks: what the search index covers (searchText in thoughts/thought-rows.ts).
   */
  busca: string;
  /** autoria folded (authorKey), indexed with the id: the wall's author filter. */
  autoria_chave: string;
  /** The import the thought came in with (`imports.id`); NULL when written any other way. */
  import_id: number | null;
}

/** One label of one thought on the wall, as typed and by its key (labelKey); the label filter's index. */
export interface ThoughtLabelsTable {
  thought_id: number;
  key: string;
  label: string;
}

/**
 * SQLite's FTS5 trigram index of `thoughts.busca` (none on PostgreSQL, where a pg_trgm index serves the
 * same LIKE): its rowid is the thought's id, and its hidden column of the table's own name takes MATCH.
 */
export interface ThoughtsFtsTable {
  rowid: number;
  thoughts_fts: string;
}

/** One row per label in use: the name shown and how many thoughts carry it (kept by triggers). */
export interface LabelsTable {
  key: string;
  label: string;
  total: Count;
}

/** A BIGINT on PostgreSQL, which pg hands over as a string. */
type Count = number | string;

/**
 * One row (id 1), kept by triggers in the transaction of every write to thoughts (migration
 * 20261123T0900-wall-state): how many thoughts, how many favorites, and a version that every write moves.
 */
export interface WallStateTable {
  id: number;
  version: Count;
  total: Count;
  favorites: Count;
  /** The highest id a thought was ever written with (20261128T1000-wall-newest-id.ts): a newest-first read's bound. */
  newest_id: Count;
}

/** Settings shared by every instance on the database, by name (the password's hash is one). */
export interface SettingsTable {
  key: string;
  value: string;
}

/** Epoch milliseconds: a BIGINT on PostgreSQL, which pg hands over as a string. */
type Millis = number | string;

/** A signed-in browser. Only a hash of its token is kept, so a copy of the database opens no session. */
export interface SessionsTable {
  token_hash: string;
  created_at: Millis;
  expires_at: Millis;
}

/** Sign-in attempts per client address in the current window, shared by every instance. */
export interface SignInAttemptsTable {
  client: string;
  attempts: number;
  window_ends_at: Millis;
}

/**
 * A thought deleted from the wall (migration 20261123T1000-trash): its own id and fields, as `thoughts`
 * stores them on the dialect, and when it was deleted. No search column: the trash is not searched.
 */
export interface TrashTable extends ThoughtFields {
  id: number;
  deleted_at: Millis;
  /** Kept from the wall (`thoughts.import_id`), so a restored thought still belongs to its import. */
  import_id: number | null;
}

/** One import that added thoughts (migration 20261128T0300-imports-and-inbox). */
export interface ImportsTable {
  id: Generated<number>;
  /** When its transaction ended (epoch ms): a thought changed after it was edited since. */
  created_at: Millis;
  /** What kind of file it read (json, csv, kindle, keep, readwise…). */
  kind: string;
  /** How many thoughts it added. */
  total: number;
}

/** The private inbox's secret: one row, id 1, replaced by a rotation. */
export interface InboxSecretsTable {
  id: number;
  secret: string;
  created_at: Millis;
}

/** The daily review's settings, one row (id 1), see migration 20261128T0200-review. */
export interface ReviewSettingsTable {
  id: number;
  /** The settings as JSON (review-settings in the review repository). */
  settings: string;
  feed_token: string;
  started_at: Millis;
}

/** What the review knows of one thought it has met (shown, answered or marked to memorise). */
export interface ReviewStateTable {
  thought_id: number;
  shown_count: number;
  shown_at: Millis | null;
  /** The start of the day it was asked back for ('em_breve', 'mais_tarde', 'bem_depois'). */
  back_at: Millis | null;
  discarded_at: Millis | null;
  /** The memorise mark as JSON (`{modo: "lacuna", ocultas}` or `{modo: "quem"}`). */
  memorise: string | null;
  /** ts-fsrs's card as JSON, and its due instant. */
  fsrs_card: string | null;
  due_at: Millis | null;
}

/** A day's chosen set (theme '') or a themed set of that day: the cards as JSON. */
export interface ReviewSetsTable {
  day: string;
  theme: string;
  cards: string;
  chosen_at: Millis;
}

/** Every answer given in a review, once per request id. */
export interface ReviewLogTable {
  id: Generated<number>;
  thought_id: number;
  day: string;
  answered_at: Millis;
  answer: string;
  interval_days: number | null;
  due_at: Millis | null;
  request_id: string;
  /** ts-fsrs's ReviewLog as JSON, for a memorise answer. */
  fsrs: string | null;
}

/** An `Idempotency-Key` of the last 24 hours and the first answer it got (migration 20261128T0110). */
export interface IdempotencyKeysTable {
  key: string;
  method: string;
  path: string;
  body_hash: string;
  status: number;
  /** The answer's JSON body; null for none (a 204). */
  answer: string | null;
  expires_at: Millis;
}

/** One row per write, in commit order (migration 20261128T0120-change-log): the live events' source. */
export interface ChangeLogTable {
  seq: Generated<Count>;
  thought_id: number | null;
  kind: string;
  at: Millis;
}

/** One row (id 1): up to which seq the change log was trimmed. */
export interface ChangeLogFloorTable {
  id: number;
  seq: Count;
}

export interface Database {
  thoughts: ThoughtsTable;
  thoughts_fts: ThoughtsFtsTable;
  trash: TrashTable;
  thought_labels: ThoughtLabelsTable;
  labels: LabelsTable;
  wall_state: WallStateTable;
  settings: SettingsTable;
  sessions: SessionsTable;
  sign_in_attempts: SignInAttemptsTable;
  review_settings: ReviewSettingsTable;
  review_state: ReviewStateTable;
  review_sets: ReviewSetsTable;
  review_log: ReviewLogTable;
  imports: ImportsTable;
  inbox_secrets: InboxSecretsTable;
  idempotency_keys: IdempotencyKeysTable;
  change_log: ChangeLogTable;
  change_log_floor: ChangeLogFloorTable;
}
