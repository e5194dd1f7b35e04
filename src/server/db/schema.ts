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
  [K in Exclude<keyof Thought, "id">]: K extends EpochMsField ? Millis : Stored<Thought[K]>;
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
  idempotency_keys: IdempotencyKeysTable;
  change_log: ChangeLogTable;
  change_log_floor: ChangeLogFloorTable;
}
