import { sql } from "kysely";
import { foldText } from "../../domain/search-text";
import type { Thought, ThoughtInput, ThoughtPatch } from "../../domain/thought";
import type { Store } from "./database";
import { SearchCounts } from "./search-counts";

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
/**
 * Joins conteudo and autoria in `busca` (frozen by the first migration). A query holding a line break could
 * match across the two fields, so it finds nothing: the search box is one line, and no text is lost.
 */
const FIELD_SEPARATOR = "\n";

const countsByStore = new WeakMap<Store, SearchCounts>();

/** The remembered search counts of a store; SQLite tells when another process has written. */
function searchCounts(store: Store): SearchCounts {
  let counts = countsByStore.get(store);
  if (!counts) {
    const dataVersion = async () =>
      store.dialect === "sqlite"
        ? (await sql<{ data_version: number }>`PRAGMA data_version`.execute(store.db)).rows[0]?.data_version
        : undefined;
    counts = new SearchCounts(dataVersion);
    countsByStore.set(store, counts);
  }
  return counts;
}

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
  return `${foldText(thought.conteudo)}${FIELD_SEPARATOR}${foldText(thought.autoria)}`;
}

/** A new thought as the table stores it: the flag in the dialect's form, and its search column. */
function toNewRow(store: Store, input: ThoughtInput) {
  return {
    conteudo: input.conteudo,
    autoria: input.autoria,
    modelo: input.modelo,
    favorito: store.flag(input.favorito),
    busca: searchColumn(input),
  };
}

export async function listThoughts(store: Store, query: ThoughtListQuery): Promise<ThoughtPage> {
  if (query.search === undefined) return listAll(store, query);
  const folded = foldText(query.search);
  if (folded.includes(FIELD_SEPARATOR)) return { items: [], total: 0 };
  const [items, total] = await Promise.all([
    store.dialect === "sqlite" ? sqliteMatches(store, query, folded) : postgresMatches(store, query, folded),
    searchCounts(store).get(`${query.favorito}|${folded}`, () => countMatches(store, query, folded)),
  ]);
  return { items: items.map(toThought), total };
}

/**
 * The wall without a search. The page's ids are picked first from a narrow index (thoughts_id, or
 * thoughts_favorito_id for favourites), so a deep OFFSET never walks the rows with their texts; the
 * total comes from thought_counts.
 */
async function listAll(store: Store, query: ThoughtListQuery): Promise<ThoughtPage> {
  let ids = store.db.selectFrom("thoughts").select("id");
  let counts = store.db
    .selectFrom("thought_counts")
    .select((eb) => eb.fn.sum<number | string>("total").as("total"));
  if (query.favorito !== undefined) {
    ids = ids.where("favorito", "=", store.flag(query.favorito));
    counts = counts.where("favorito", "=", store.flag(query.favorito));
  }
  const pageIds = ids
    .orderBy("id", "desc")
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [rows, count] = await Promise.all([
    store.db
      .selectFrom("thoughts")
      .select(columns)
      .where("id", "in", pageIds)
      .orderBy("id", "desc")
      .execute(),
    counts.executeTakeFirst(),
  ]);
  return { items: rows.map(toThought), total: Number(count?.total ?? 0) };
}

/** A quoted FTS5 phrase: with the trigram tokenizer it matches the folded text as a substring. */
const ftsPhrase = (folded: string) => `"${folded.replaceAll('"', '""')}"`;
/** A LIKE pattern for the pg_trgm index, with LIKE's own wildcards escaped. */
const likePattern = (folded: string) => `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Reads the FTS index newest first and stops after the page, joining each hit to its row: filtering the
 * table by `id IN (all matches)` would first collect every match, which costs milliseconds at 100k.
 */
async function sqliteMatches(store: Store, query: ThoughtListQuery, folded: string) {
  const favourite =
    query.favorito === undefined ? sql`` : sql`AND t.favorito = ${store.flag(query.favorito)}`;
  const result = await sql<ThoughtRow>`
    SELECT t.id, t.conteudo, t.autoria, t.modelo, t.favorito
    FROM thoughts_fts f JOIN thoughts t ON t.id = f.rowid
    WHERE thoughts_fts MATCH ${ftsPhrase(folded)} ${favourite}
    ORDER BY f.rowid DESC
    LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`.execute(store.db);
  return result.rows;
}

async function postgresMatches(store: Store, query: ThoughtListQuery, folded: string) {
  let page = store.db.selectFrom("thoughts").select(columns).where("busca", "like", likePattern(folded));
  if (query.favorito !== undefined) page = page.where("favorito", "=", store.flag(query.favorito));
  return page
    .orderBy("id", "desc")
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
}

async function countMatches(store: Store, query: ThoughtListQuery, folded: string): Promise<number> {
  if (store.dialect === "sqlite") {
    // Without the favourite filter the FTS index alone answers, never touching the table.
    const result =
      query.favorito === undefined
        ? await sql<{ total: number }>`SELECT count(*) AS total FROM thoughts_fts
            WHERE thoughts_fts MATCH ${ftsPhrase(folded)}`.execute(store.db)
        : await sql<{ total: number }>`SELECT count(*) AS total FROM thoughts_fts f
            JOIN thoughts t ON t.id = f.rowid
            WHERE thoughts_fts MATCH ${ftsPhrase(folded)} AND t.favorito = ${store.flag(query.favorito)}`.execute(
            store.db,
          );
    return Number(result.rows[0]?.total ?? 0);
  }
  let count = store.db
    .selectFrom("thoughts")
    .select((eb) => eb.fn.countAll<number | string>().as("total"))
    .where("busca", "like", likePattern(folded));
  if (query.favorito !== undefined) count = count.where("favorito", "=", store.flag(query.favorito));
  return Number((await count.executeTakeFirstOrThrow()).total);
}

/** Every thought, oldest first: exports (the benchmark hands the same data to json-server). */
export async function allThoughts(store: Store): Promise<Thought[]> {
  const rows = await store.db.selectFrom("thoughts").select(columns).orderBy("id", "asc").execute();
  return rows.map(toThought);
}

export async function getThought(store: Store, id: number): Promise<Thought | undefined> {
  const row = await store.db.selectFrom("thoughts").select(columns).where("id", "=", id).executeTakeFirst();
  return row ? toThought(row) : undefined;
}

export async function createThought(store: Store, input: ThoughtInput): Promise<Thought> {
  const row = await searchCounts(store).write(() =>
    store.db
      .insertInto("thoughts")
      .values(toNewRow(store, input))
      .returning(columns)
      .executeTakeFirstOrThrow(),
  );
  return toThought(row);
}

/** Inserts many thoughts in one transaction, in chunks small enough for SQLite's bound-parameter limit. */
export async function insertThoughts(store: Store, inputs: readonly ThoughtInput[]): Promise<void> {
  const chunk = 500;
  await searchCounts(store).write(() =>
    store.db.transaction().execute(async (trx) => {
      for (let start = 0; start < inputs.length; start += chunk) {
        const values = inputs.slice(start, start + chunk).map((input) => toNewRow(store, input));
        await trx.insertInto("thoughts").values(values).execute();
      }
    }),
  );
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
  return searchCounts(store).write(() =>
    store.db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom("thoughts")
        .select(columns)
        .where("id", "=", id)
        .executeTakeFirst();
      if (!current) return undefined;
      const next = { ...toThought(current), ...patch, id };
      // busca is set only when the text changes: setting it, even to the same value, fires the FTS
      // trigger, which rewrites every trigram of the thought (a favourite toggle would pay for it).
      const textChanged = next.conteudo !== current.conteudo || next.autoria !== current.autoria;
      const row = await trx
        .updateTable("thoughts")
        .set({
          conteudo: next.conteudo,
          autoria: next.autoria,
          modelo: next.modelo,
          favorito: store.flag(next.favorito),
          ...(textChanged ? { busca: searchColumn(next) } : {}),
        })
        .where("id", "=", id)
        .returning(columns)
        .executeTakeFirstOrThrow();
      return toThought(row);
    }),
  );
}

export async function deleteThought(store: Store, id: number): Promise<boolean> {
  const result = await searchCounts(store).write(() =>
    store.db.deleteFrom("thoughts").where("id", "=", id).executeTakeFirst(),
  );
  return Number(result.numDeletedRows) > 0;
}
