import type { Generated } from "kysely";

/** Table shapes as the database stores them; only repositories see these rows. */
export interface ThoughtsTable {
  id: Generated<number>;
  conteudo: string;
  autoria: string;
  modelo: string;
  /** 0/1 on SQLite, boolean on PostgreSQL: repositories convert through `Store.flag`. */
  favorito: number | boolean;
  /** conteudo and autoria folded (lower case, no accents), joined by a line break: what the search index covers. */
  busca: string;
}

/** Two rows, favourites and the others, kept in step by triggers (migration 2026-11-23). */
export interface ThoughtCountsTable {
  favorito: number | boolean;
  total: number | string;
}

export interface Database {
  thoughts: ThoughtsTable;
  thought_counts: ThoughtCountsTable;
}
