import type { Kysely } from "kysely";
import type { AuthorCount, SourceCount, Thought } from "../../../domain/contract";
import { authorKey, foldText } from "../../../domain/search-text";
import type { Database } from "../schema";
import { type NamePage, type NamePageQuery, pageOf, ptBrOrder, VersionedNames } from "./library-names";
import { listFilter } from "./list-filter";
import { thoughtColumns, toThought } from "./thought-rows";
import type { ThoughtsDialect } from "./thoughts.dialect";

export type { NamePage, NamePageQuery };

/** Which sources to read: a page, a prefix of the name, and one author's only when `author` is given. */
export interface SourcePageQuery extends NamePageQuery {
  author?: string;
}

/** One source's thoughts: `source` as written, narrowed to one author when two share a title. */
export interface SourceThoughtsQuery {
  source: string;
  author?: string;
  page: number;
  limit: number;
}

/**
 * The wall as a library: its authors and its sources with how many thoughts each, in pt-BR order, and one
 * source's thoughts in the order of their place in it. An author is the author's key (the wall's author
 * filter: no case, no accents), shown as its first spelling in code point order ('Clarice Lispector' before
 * 'clarice lispector'); a source is its `fonte` as written and its author's key.
 */
export interface LibraryRepository {
  authors(query: NamePageQuery): Promise<NamePage<AuthorCount>>;
  sources(query: SourcePageQuery): Promise<NamePage<SourceCount>>;
  /** 'p. 9' before 'p. 10' (numbers by value, pt-BR order), thoughts without a place last, ties by id. */
  sourceThoughts(query: SourceThoughtsQuery): Promise<NamePage<Thought>>;
}

/** Places in a source: numbers by value, an empty place after every other. */
const placeOrder = (a: string, b: string) => Number(a === "") - Number(b === "") || ptBrOrder(a, b);

export function createLibraryRepository(
  reader: Kysely<Database>,
  dialect: Pick<ThoughtsDialect, "byCodePoint" | "flag" | "holds">,
): LibraryRepository {
  const readVersion = async () => {
    const row = await reader.selectFrom("wall_state").select("version").executeTakeFirstOrThrow();
    return Number(row.version);
  };
  const version = reader.selectFrom("wall_state").select("version");
  const versionOf = (rows: { version: unknown }[]) =>
    rows.length === 0 ? undefined : Number(rows[0]?.version);

  const authors = new VersionedNames<AuthorCount>(
    readVersion,
    async () => {
      const rows = await reader
        .selectFrom("thoughts")
        .select((eb) => [
          eb.fn.min(dialect.byCodePoint("autoria")).as("name"),
          eb.fn.countAll<number | string>().as("total"),
          version.as("version"),
        ])
        .groupBy("autoria_chave")
        .execute();
      return {
        version: versionOf(rows),
        names: rows.map((row) => ({
          item: { nome: row.name, total: Number(row.total) },
          folded: foldText(row.name),
        })),
      };
    },
    (a, b) => ptBrOrder(a.nome, b.nome),
  );

  const sources = new VersionedNames<SourceCount & { authorKey: string }>(
    readVersion,
    async () => {
      const rows = await reader
        .selectFrom("thoughts")
        .where("fonte", "<>", "")
        .select((eb) => [
          "fonte",
          "autoria_chave",
          eb.fn.min(dialect.byCodePoint("autoria")).as("author"),
          eb.fn.countAll<number | string>().as("total"),
          version.as("version"),
        ])
        .groupBy(["fonte", "autoria_chave"])
        .execute();
      return {
        version: versionOf(rows),
        names: rows.map((row) => ({
          item: {
            nome: row.fonte,
            autoria: row.author,
            total: Number(row.total),
            authorKey: row.autoria_chave,
          },
          folded: foldText(row.fonte),
        })),
      };
    },
    (a, b) => ptBrOrder(a.nome, b.nome) || ptBrOrder(a.autoria, b.autoria),
  );

  return {
    authors: async (query) => pageOf(await authors.all(), query),

    async sources({ author, ...query }) {
      const only = author === undefined ? undefined : authorKey(author);
      const found = pageOf(
        await sources.all(),
        query,
        (named) => only === undefined || named.item.authorKey === only,
      );
      return { ...found, items: found.items.map(({ authorKey: _key, ...source }) => source) };
    },

    /**
     * The source's ids and places are read whole by the source's index (a book of a thousand highlights is
     * a thousand short rows), sorted here, since neither database orders numbers inside a text; then the
     * page's thoughts alone.
     */
    async sourceThoughts({ source, author, page, limit }) {
      const filter = listFilter(
        { source, ...(author === undefined ? {} : { author: authorKey(author) }) },
        dialect,
      );
      const places = await reader.selectFrom("thoughts").where(filter).select(["id", "local"]).execute();
      places.sort((a, b) => placeOrder(a.local, b.local) || Number(a.id) - Number(b.id));
      const ids = places.slice((page - 1) * limit, page * limit).map((row) => Number(row.id));
      if (ids.length === 0) return { items: [], total: places.length };
      const rows = await reader
        .selectFrom("thoughts")
        .select(thoughtColumns)
        .where("id", "in", ids)
        .execute();
      const byId = new Map(rows.map((row) => [Number(row.id), toThought(row)]));
      // A thought deleted between the two reads is left out of the page.
      const items = ids.flatMap((id) => byId.get(id) ?? []);
      return { items, total: places.length };
    },
  };
}
