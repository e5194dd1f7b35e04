import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import { PAGE_SIZE } from "../../domain/rules";
import type { ThoughtListQuery, ThoughtPage } from "../../domain/thought-list";
import { type Access, type AuthRepository, accessSelections, toAccess } from "./auth.repository";
import { prepared } from "./prepared";
import type { Database } from "./schema";
import { cut, rowsOfIds, STRAIGHT_OFFSET_MAX, upToId } from "./thought-pages";
import { type ThoughtRow, thoughtColumns } from "./thought-rows";
import type { ThoughtsDialect } from "./thoughts.dialect";
import type { ThoughtsRepository } from "./thoughts.repository";
import { wallTotal } from "./wall-state";

/** What the wall's list read: the request's access (to admit it or not), and its page, unread if refused. */
export interface WallRead {
  access: Access;
  page(): Promise<ThoughtPage>;
}

type PageQuery = SelectQueryBuilder<Database, "thoughts", ThoughtRow>;

/**
 * The wall's list and the request's access in one query, for the read every visit makes: a page near the
 * top, with no search. The page is a subquery joined to the one row of `wall_state`, which carries the
 * totals, the version, the password and the session; an empty page still brings that row. On PostgreSQL a
 * query is a round trip to another process, and each costs two socket writes: measured on this machine,
 * the server's CPU per first page went from 317–369 µs to 269–292 µs (req/s +5 to 10 %). A page after a
 * cursor ("Carregar mais") is joined the same way, whatever its depth: an index range on the id. A search,
 * or an offset deeper than STRAIGHT_OFFSET_MAX, reads the access first and its page only once admitted,
 * and so does every list on SQLite (see `readsPageWithAccess`).
 */
export function wallWithAccess(
  db: Kysely<Database>,
  dialect: ThoughtsDialect,
  thoughts: ThoughtsRepository,
  auth: AuthRepository,
) {
  const anyLength = wallStatements(db);
  const webLengths = new Map(FIXED_LENGTHS.map((length) => [length, wallStatements(db, length)]));
  const webPages = new Map<number, ReturnType<typeof wallStatements>>();
  const statementsFor = (length: number, offset = 0) => {
    if (length === PAGE_SIZE && offset > 0 && offset % PAGE_SIZE === 0) {
      const known = webPages.get(offset);
      if (known) return known;
      const page = wallStatements(db, length, offset);
      webPages.set(offset, page);
      return page;
    }
    return webLengths.get(length) ?? anyLength;
  };

  const read = (tokenHash: string, query: ThoughtListQuery, offset: number) => {
    const flag = query.favorite === undefined ? undefined : dialect.flag(query.favorite);
    if (query.after !== undefined) {
      // A cursor's page is read one thought longer: the extra one says whether another page follows.
      const upTo = upToId(query.after);
      const limit = query.limit + 1;
      const statements = statementsFor(limit);
      return flag === undefined
        ? statements.everyAfter(tokenHash, upTo, limit)
        : statements.favoritesAfter(tokenHash, flag, upTo, limit);
    }
    const { limit } = query;
    const statements = statementsFor(limit, offset);
    if (offset === 0) {
      return flag === undefined
        ? statements.every(tokenHash, limit)
        : statements.favorites(tokenHash, flag, limit);
    }
    return flag === undefined
      ? statements.everyAt(tokenHash, limit, offset)
      : statements.favoritesAt(tokenHash, flag, limit, offset);
  };

  return async (tokenHash: string, query: ThoughtListQuery): Promise<WallRead> => {
    const offset = (query.page - 1) * query.limit;
    const joined = query.search === undefined && (query.after !== undefined || offset <= STRAIGHT_OFFSET_MAX);
    if (!dialect.readsPageWithAccess || !joined) {
      const access = await auth.access(tokenHash);
      return { access, page: () => thoughts.list(query, access.wall) };
    }
    const rows = await read(tokenHash, query, offset);
    const [first] = rows;
    if (!first) throw new Error("wall_state has no row: the database was not migrated by Memoteca");
    const access = toAccess(first);
    // An empty page still brings wall_state's row, with nulls for the thought's columns.
    const thoughtRows = rows.filter((row): row is typeof row & ThoughtRow => row.id !== null);
    const page = cut(thoughtRows, query, wallTotal(access.wall, query.favorite));
    return { access, page: async () => page };
  };
}

/**
 * The page lengths the web asks for, written into the SQL of statements of their own: PAGE_SIZE, and one
 * more for a cursor's page. While its LIMIT is a parameter, PostgreSQL estimates the page at a tenth of
 * the table, finds its generic plan far costlier than the one it makes for the actual values, and so plans
 * the statement again at every run. Measured on this machine (100k thoughts, one connection, the first
 * page's statement): 265 µs a round trip with the parameter, 155 µs with the length written in, planned
 * once. Any other length keeps the parameter, so that no client can multiply the statements a connection
 * keeps prepared.
 *
 * An OFFSET as a parameter has the same effect (the page asked by number, `_page=50`): each run was
 * planned again, and page 50 answered 3,691 req/s against 5,316 with its offset written in (8 connections,
 * 100k thoughts, the same run). So the web's page length at the offsets a page number gives up to
 * STRAIGHT_OFFSET_MAX (50 of them, each with a statement for every thought and one for the favorites) gets
 * statements of its own too, made at their first use; deeper offsets read the access first, apart.
 */
const FIXED_LENGTHS = [PAGE_SIZE, PAGE_SIZE + 1];

/**
 * The joined statements, built once: every thought or the favorites, from the top, at an offset, or after
 * a cursor; with `fixedLength`, that length is written into the SQL and the `limit` argument is not sent.
 */
function wallStatements(db: Kysely<Database>, fixedLength?: number, fixedOffset?: number) {
  const length = (limit: number) => (fixedLength === undefined ? limit : sql.lit(fixedLength));
  const at = (offset: number) => (fixedOffset === undefined ? offset : sql.lit(fixedOffset));
  const newestFirst = () => db.selectFrom("thoughts").select(thoughtColumns).orderBy("id", "desc");
  const favoritesFirst = (flag: number | boolean) => newestFirst().where("favorito", "=", flag);
  /*
   * A page at an offset picks its ids first, however shallow, and then reads only its own rows: skipping
   * rows through the table visits the heap for each one it skips, where the ids alone come from an
   * index-only scan of the primary key, or of thoughts_favorito_id for the favorites (the straight query
   * did not even use that one: it walked the primary key and filtered). Measured on this machine (100k
   * thoughts, eight connections, 1 s turns in alternation, medians of 10 to 20): page 50 went from 6,284
   * to 7,486 req/s (SQLite 6,637), page 50 of the favorites from 3,807 to 5,467 (SQLite 6,138), page 2
   * from 6,210 to 6,509. Where the newest rows are not yet marked all-visible (written since the last
   * vacuum), the index-only scan visits the heap as well and the two ways measured alike (page 50:
   * 5,140–5,383 req/s straight, 5,278–5,475 ids first); the favorites still gained, 3,469 to 5,001.
   */
  const idsFirst = (page: PageQuery) => rowsOfIds(db, "desc", page.clearSelect().select("id"));
  const withAccess = (tokenHash: string, page: PageQuery) =>
    db
      .selectFrom("wall_state")
      .leftJoin(page.as("p"), (join) => join.onTrue())
      .select((eb) => [
        "wall_state.version",
        "wall_state.total",
        "wall_state.favorites",
        ...accessSelections(eb, tokenHash),
        "p.id",
        "p.conteudo",
        "p.autoria",
        "p.modelo",
        "p.favorito",
      ])
      .orderBy("p.id", "desc");
  return {
    every: prepared(db, (tokenHash: string, limit: number) =>
      withAccess(tokenHash, newestFirst().limit(length(limit))),
    ),
    everyAt: prepared(db, (tokenHash: string, limit: number, offset: number) =>
      withAccess(tokenHash, idsFirst(newestFirst().limit(length(limit)).offset(at(offset)))),
    ),
    everyAfter: prepared(db, (tokenHash: string, upTo: number, limit: number) =>
      withAccess(tokenHash, newestFirst().where("id", "<=", upTo).limit(length(limit))),
    ),
    favorites: prepared(db, (tokenHash: string, flag: number | boolean, limit: number) =>
      withAccess(tokenHash, favoritesFirst(flag).limit(length(limit))),
    ),
    favoritesAt: prepared(db, (tokenHash: string, flag: number | boolean, limit: number, offset: number) =>
      withAccess(tokenHash, idsFirst(favoritesFirst(flag).limit(length(limit)).offset(at(offset)))),
    ),
    favoritesAfter: prepared(db, (tokenHash: string, flag: number | boolean, upTo: number, limit: number) =>
      withAccess(tokenHash, favoritesFirst(flag).where("id", "<=", upTo).limit(length(limit))),
    ),
  };
}
