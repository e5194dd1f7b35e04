import type { Kysely, SelectQueryBuilder } from "kysely";
import type { ThoughtListQuery, ThoughtPage } from "../../domain/thought-list";
import { type Access, type AuthRepository, accessSelections, toAccess } from "./auth.repository";
import { prepared } from "./prepared";
import type { Database } from "./schema";
import { STRAIGHT_OFFSET_MAX } from "./thought-pages";
import { type ThoughtRow, thoughtColumns, toThought } from "./thought-rows";
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
 * the server's CPU per first page went from 317–369 µs to 269–292 µs (req/s +5 to 10 %). A search, or a
 * page deeper than STRAIGHT_OFFSET_MAX, or after a cursor, reads the access first and its page only once
 * admitted, and so does every list on SQLite (see `readsPageWithAccess`).
 */
export function wallWithAccess(
  db: Kysely<Database>,
  dialect: ThoughtsDialect,
  thoughts: ThoughtsRepository,
  auth: AuthRepository,
) {
  const newestFirst = () => db.selectFrom("thoughts").select(thoughtColumns).orderBy("id", "desc");
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
  const every = prepared(db, (tokenHash: string, limit: number, offset: number) =>
    withAccess(tokenHash, newestFirst().limit(limit).offset(offset)),
  );
  const favorites = prepared(db, (tokenHash: string, flag: number | boolean, limit: number, offset: number) =>
    withAccess(tokenHash, newestFirst().where("favorito", "=", flag).limit(limit).offset(offset)),
  );

  return async (tokenHash: string, query: ThoughtListQuery): Promise<WallRead> => {
    const { limit } = query;
    const offset = (query.page - 1) * limit;
    const joined = query.search === undefined && query.after === undefined && offset <= STRAIGHT_OFFSET_MAX;
    if (!dialect.readsPageWithAccess || !joined) {
      const access = await auth.access(tokenHash);
      return { access, page: () => thoughts.list(query, access.wall) };
    }
    const rows =
      query.favorite === undefined
        ? await every(tokenHash, limit, offset)
        : await favorites(tokenHash, dialect.flag(query.favorite), limit, offset);
    const [first] = rows;
    if (!first) throw new Error("wall_state has no row: the database was not migrated by Memoteca");
    const access = toAccess(first);
    const items = rows.flatMap((row) => (row.id === null ? [] : [toThought(row as ThoughtRow)]));
    const page = { items, total: wallTotal(access.wall, query.favorite) };
    return { access, page: async () => page };
  };
}
