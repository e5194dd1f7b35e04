import { type Kysely, type Migration, sql } from "kysely";

/**
 * The thoughts table of the product (id, conteudo, autoria, modelo, favorito), plus `busca`: conteudo and autoria folded, which the search index
 * covers. Frozen: a later change gets a new migration. The dialects differ only in types and in the index.
 */
export function createThoughts(dialect: "sqlite" | "postgres"): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's Database type.
    async up(db: Kysely<any>) {
      if (dialect === "sqlite") {
        await sql`CREATE TABLE thoughts (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          conteudo TEXT NOT NULL,
          autoria TEXT NOT NULL,
          modelo TEXT NOT NULL DEFAULT 'modelo1' CHECK (modelo IN ('modelo1', 'modelo2', 'modelo3')),
          favorito INTEGER NOT NULL DEFAULT 0 CHECK (favorito IN (0, 1)),
          busca TEXT NOT NULL
        )`.execute(db);
        await sql`CREATE INDEX thoughts_favorito_id ON thoughts (favorito, id)`.execute(db);
        // An external-content FTS5 index over `busca`; the trigram tokenizer serves substring search.
        await sql`CREATE VIRTUAL TABLE thoughts_fts USING fts5(
          busca, content='thoughts', content_rowid='id', tokenize='trigram'
        )`.execute(db);
        await sql`CREATE TRIGGER thoughts_fts_insert AFTER INSERT ON thoughts BEGIN
          INSERT INTO thoughts_fts (rowid, busca) VALUES (new.id, new.busca);
        END`.execute(db);
        await sql`CREATE TRIGGER thoughts_fts_delete AFTER DELETE ON thoughts BEGIN
          INSERT INTO thoughts_fts (thoughts_fts, rowid, busca) VALUES ('delete', old.id, old.busca);
        END`.execute(db);
        await sql`CREATE TRIGGER thoughts_fts_update AFTER UPDATE OF busca ON thoughts BEGIN
          INSERT INTO thoughts_fts (thoughts_fts, rowid, busca) VALUES ('delete', old.id, old.busca);
          INSERT INTO thoughts_fts (rowid, busca) VALUES (new.id, new.busca);
        END`.execute(db);
        return;
      }
      await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(db);
      await sql`CREATE TABLE thoughts (
        id SERIAL PRIMARY KEY,
        conteudo TEXT NOT NULL,
        autoria TEXT NOT NULL,
        modelo TEXT NOT NULL DEFAULT 'modelo1' CHECK (modelo IN ('modelo1', 'modelo2', 'modelo3')),
        favorito BOOLEAN NOT NULL DEFAULT FALSE,
        busca TEXT NOT NULL
      )`.execute(db);
      await sql`CREATE INDEX thoughts_favorito_id ON thoughts (favorito, id)`.execute(db);
      await sql`CREATE INDEX thoughts_busca_trgm ON thoughts USING GIN (busca gin_trgm_ops)`.execute(db);
    },
    // biome-ignore lint/suspicious/noExplicitAny: see up().
    async down(db: Kysely<any>) {
      await sql`DROP TABLE thoughts`.execute(db);
    },
  };
}
