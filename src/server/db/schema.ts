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

/** Two rows, favorites and the others, kept in step by triggers (migration 20261122T1000-thought-counts). */
export interface ThoughtCountsTable {
  favorito: number | boolean;
  /** A BIGINT on PostgreSQL, which pg hands over as a string. */
  total: number | string;
}

export interface Database {
  thoughts: ThoughtsTable;
  thought_counts: ThoughtCountsTable;
}
