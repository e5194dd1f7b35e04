import type { Generated } from "kysely";

/** Table shapes as the database stores them; only repositories see these rows. */
export interface ThoughtsTable {
  id: Generated<number>;
  conteudo: string;
  autoria: string;
  modelo: string;
  /** 0/1 on SQLite, boolean on PostgreSQL: repositories convert through `Store.flag`. */
  favorito: number | boolean;
  /** conteudo and autoria folded (lower case, no accents): the column the search index covers. */
  busca: string;
}

export interface Database {
  thoughts: ThoughtsTable;
}
