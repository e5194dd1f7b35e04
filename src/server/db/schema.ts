import type { Generated } from "kysely";

/** Table shapes as the database stores them; only the repository sees these rows. */
export interface ThoughtsTable {
  id: Generated<number>;
  conteudo: string;
  autoria: string;
  modelo: string;
  /** 0/1 on SQLite, boolean on PostgreSQL: the repository converts through its dialect's `flag`. */
  favorito: number | boolean;
  /** conteudo and autoria folded (lower case, no accents), joined by a line break: what the search index covers. */
  busca: string;
}

/** A BIGINT on PostgreSQL, which pg hands over as a string. */
type Count = number | string;

/**
 * One row (id 1), kept by triggers in the transaction of every write to thoughts (migration
 * 20261123T0900-wall-state): how many thoughts, how many favorites, and a version that every write moves.
 * On PostgreSQL a view that adds up the shards each backend writes (20261124T0900-wall-state-shards).
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
export interface TrashTable {
  id: number;
  conteudo: string;
  autoria: string;
  modelo: string;
  favorito: number | boolean;
  deleted_at: Millis;
}

export interface Database {
  thoughts: ThoughtsTable;
  trash: TrashTable;
  wall_state: WallStateTable;
  settings: SettingsTable;
  sessions: SessionsTable;
  sign_in_attempts: SignInAttemptsTable;
}
