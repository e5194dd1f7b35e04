import { foldText } from "../../../domain/search-text";

/**
 * pt-BR order, as a reader of the language expects an index: accents and case only break ties ('Érico'
 * beside 'Erico', before 'Eva'), and numbers compare by value ('Vol. 2' before 'Vol. 10').
 */
export const ptBrOrder = new Intl.Collator("pt-BR", { numeric: true }).compare;

/** A list of names (authors, sources) as the library's screens read it: a page and the total that matched. */
export interface NamePage<T> {
  items: T[];
  total: number;
}

export interface NamePageQuery {
  page?: number;
  limit?: number;
  /** Only the names that start with this, ignoring case and accents (only its start is trimmed). */
  prefix?: string;
}

/** A page, when the query names no size. */
export const NAME_READ_DEFAULT = 100;

/** A name with its folded form, for prefixes: 'eri' finds 'Érico Verissimo'. */
export interface Named<T> {
  item: T;
  folded: string;
}

/** Whatever the list held for one version of the wall. */
interface Remembered<T> {
  version: number;
  names: Named<T>[];
}

/**
 * The whole list of names, grouped by the database and sorted here, kept for one version of the wall.
 * Neither database sorts in pt-BR on its own (SQLite has no ICU; a PostgreSQL collation depends on how it
 * was built), so the list is sorted with Intl.Collator, which at 5,000 authors over 100,000 thoughts takes
 * more than the 2 ms a list read may (the grouping alone is a scan of the thoughts): remembered, a read
 * costs the wall's version and a slice. A write moves the version, whichever instance made it, and the
 * next read groups again.
 */
export class VersionedNames<T> {
  #remembered: Remembered<T> | undefined;

  constructor(
    private readonly readVersion: () => Promise<number>,
    /** The list and the wall's version it was read at, in one statement (so from one snapshot). */
    private readonly group: () => Promise<{ version: number | undefined; names: Named<T>[] }>,
    private readonly order: (a: T, b: T) => number,
  ) {}

  async all(): Promise<Named<T>[]> {
    const version = await this.readVersion();
    const known = this.#remembered;
    if (known && known.version === version) return known.names;
    const grouped = await this.group();
    const names = grouped.names.sort((a, b) => this.order(a.item, b.item));
    // An empty wall reads no row, hence no version: nothing to remember, and nothing costly to read again.
    if (grouped.version !== undefined) this.#remembered = { version: grouped.version, names };
    return names;
  }
}

/** The folded prefix a name must start with; undefined keeps every name. */
export function foldedPrefix(prefix: string | undefined): string | undefined {
  const folded = foldText((prefix ?? "").trimStart());
  return folded === "" ? undefined : folded;
}

/** One page of the names that start with the prefix, and how many do. */
export function pageOf<T>(
  names: readonly Named<T>[],
  { page = 1, limit = NAME_READ_DEFAULT, prefix }: NamePageQuery,
  keep: (named: Named<T>) => boolean = () => true,
): NamePage<T> {
  const start = foldedPrefix(prefix);
  const matching = names.filter(
    (named) => keep(named) && (start === undefined || named.folded.startsWith(start)),
  );
  const from = (page - 1) * limit;
  return { items: matching.slice(from, from + limit).map((named) => named.item), total: matching.length };
}
