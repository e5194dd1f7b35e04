import { sql } from "kysely";
import { foldText } from "../../domain/search-text";
import type { Thought, ThoughtInput, ThoughtPatch } from "../../domain/thought";
import type { Store } from "./database";

export interface ThoughtListQuery {
  page: number;
  limit: number;
  /** Already trimmed and at least SEARCH_MIN characters long; undefined means no search. */
  search?: string;
  favorito?: boolean;
}

export interface ThoughtPage {
  items: Thought[];
  /** How many thoughts match the filters, over all pages. */
  total: number;
}

interface ThoughtRow {
  id: number;
  conteudo: string;
  autoria: string;
  modelo: string;
  favorito: number | boolean;
}

const columns = ["id", "conteudo", "autoria", "modelo", "favorito"] as const;

function toThought(row: ThoughtRow): Thought {
  return {
    id: Number(row.id),
    conteudo: row.conteudo,
    autoria: row.autoria,
    modelo: row.modelo as Thought["modelo"],
    favorito: Boolean(row.favorito),
  };
}

function searchColumn(thought: Pick<Thought, "conteudo" | "autoria">): string {
  return `${foldText(thought.conteudo)}\n${foldText(thought.autoria)}`;
}

/** Builds the WHERE clause shared by the page query and the count query, per dialect. */
function filtered(store: Store, query: ThoughtListQuery) {
  let builder = store.db.selectFrom("thoughts");
  if (query.favorito !== undefined) builder = builder.where("favorito", "=", store.flag(query.favorito));
  if (query.search !== undefined) {
    const folded = foldText(query.search);
    if (store.dialect === "sqlite") {
      // A quoted FTS5 phrase: with the trigram tokenizer it matches the text as a substring.
      const phrase = `"${folded.replaceAll('"', '""')}"`;
      builder = builder.where(
        "id",
        "in",
        sql<number>`(SELECT rowid FROM thoughts_fts WHERE thoughts_fts MATCH ${phrase})`,
      );
    } else {
      const pattern = `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      builder = builder.where("busca", "like", pattern);
    }
  }
  return builder;
}

export async function listThoughts(store: Store, query: ThoughtListQuery): Promise<ThoughtPage> {
  const [rows, count] = await Promise.all([
    filtered(store, query)
      .select(columns)
      .orderBy("id", "desc")
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    filtered(store, query)
      .select((eb) => eb.fn.countAll<number | string>().as("total"))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toThought), total: Number(count.total) };
}

export async function getThought(store: Store, id: number): Promise<Thought | undefined> {
  const row = await store.db.selectFrom("thoughts").select(columns).where("id", "=", id).executeTakeFirst();
  return row ? toThought(row) : undefined;
}

export async function createThought(store: Store, input: ThoughtInput): Promise<Thought> {
  const row = await store.db
    .insertInto("thoughts")
    .values({
      conteudo: input.conteudo,
      autoria: input.autoria,
      modelo: input.modelo,
      favorito: store.flag(input.favorito),
      busca: searchColumn(input),
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toThought(row);
}

export async function replaceThought(
  store: Store,
  id: number,
  input: ThoughtInput,
): Promise<Thought | undefined> {
  return updateThought(store, id, input);
}

export async function updateThought(
  store: Store,
  id: number,
  patch: ThoughtPatch,
): Promise<Thought | undefined> {
  return store.db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom("thoughts").select(columns).where("id", "=", id).executeTakeFirst();
    if (!current) return undefined;
    const next = { ...toThought(current), ...patch, id };
    const row = await trx
      .updateTable("thoughts")
      .set({
        conteudo: next.conteudo,
        autoria: next.autoria,
        modelo: next.modelo,
        favorito: store.flag(next.favorito),
        busca: searchColumn(next),
      })
      .where("id", "=", id)
      .returning(columns)
      .executeTakeFirstOrThrow();
    return toThought(row);
  });
}

export async function deleteThought(store: Store, id: number): Promise<boolean> {
  const result = await store.db.deleteFrom("thoughts").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
