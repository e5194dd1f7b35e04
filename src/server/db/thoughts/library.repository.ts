import type { Kysely } from "kysely";
import type { AuthorCount } from "../../../domain/contract";
import { foldText } from "../../../domain/search-text";
import type { Database } from "../schema";
import { type NamePage, type NamePageQuery, pageOf, ptBrOrder, VersionedNames } from "./library-names";
import type { ThoughtsDialect } from "./thoughts.dialect";

export type { NamePage, NamePageQuery };

/**
 * The wall as a library: its authors with how many thoughts each, in pt-BR order. An author is the
 * author's key (the wall's author filter: no case, no accents), shown as its first spelling in code point
 * order ('Clarice Lispector' before 'clarice lispector').
 */
export interface LibraryRepository {
  authors(query: NamePageQuery): Promise<NamePage<AuthorCount>>;
}

export function createLibraryRepository(
  reader: Kysely<Database>,
  dialect: Pick<ThoughtsDialect, "byCodePoint">,
): LibraryRepository {
  const readVersion = async () => {
    const row = await reader.selectFrom("wall_state").select("version").executeTakeFirstOrThrow();
    return Number(row.version);
  };
  const version = reader.selectFrom("wall_state").select("version");

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
        version: rows.length === 0 ? undefined : Number(rows[0]?.version),
        names: rows.map((row) => ({
          item: { nome: row.name, total: Number(row.total) },
          folded: foldText(row.name),
        })),
      };
    },
    (a, b) => ptBrOrder(a.nome, b.nome),
  );

  return {
    authors: async (query) => pageOf(await authors.all(), query),
  };
}
