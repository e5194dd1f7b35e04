/**
 * The wall as a whole at one moment, read from the one row of `wall_state` that the database keeps in
 * step with every write: how many thoughts, how many favorites, and a version that every write moves.
 * A list reads it beside its page, so the wall's total is one row (counting 100k thoughts is not), and
 * what an instance remembers (search totals) is known to be current or not, whichever instance wrote last.
 */
export interface WallState {
  version: number;
  total: number;
  favorites: number;
}

/** A BIGINT comes from pg as a string; the counts and the version stay far below 2^53. */
export function toWallState(row: {
  version: number | string;
  total: number | string;
  favorites: number | string;
}) {
  return { version: Number(row.version), total: Number(row.total), favorites: Number(row.favorites) };
}

/** How many thoughts the wall shows with this favorite filter. */
export function wallTotal(state: WallState, favorite: boolean | undefined): number {
  if (favorite === undefined) return state.total;
  return favorite ? state.favorites : state.total - state.favorites;
}
