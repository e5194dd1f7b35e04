import type { Kysely } from "kysely";
import { normalizeLabel } from "../../../domain/labels";
import type { Database } from "../schema";
import { foldedLabelKey } from "./label-fold";
import type { ThoughtsDialect } from "./thoughts.dialect";

/** A label in use: its name as shown, and how many thoughts on the wall carry it. */
export interface LabelCount {
  nome: string;
  total: number;
}

/** Which labels to read: a page of `limit`, and only those whose key starts with `prefix` when given. */
export interface LabelPageQuery {
  page?: number;
  limit?: number;
  prefix?: string;
}

export interface LabelPage {
  items: LabelCount[];
  /** How many labels match, over all pages. */
  total: number;
}

/** A page of labels, when the query names no size. */
export const LABEL_READ_DEFAULT = 100;

/** The last code point: every key that starts with a prefix sorts before the prefix followed by it. */
const AFTER_EVERY = "\u{10FFFF}";

/**
 * The prefix as keys are written: normalised as a label is, in lower case. Only its start is trimmed:
 * "boa " must not suggest "boazinha".
 */
export const prefixKey = (prefix: string) => normalizeLabel(prefix).trimStart().toLowerCase();

/**
 * One page of the labels in pt-BR's order: by their keys without accents, then with them ('Línguas' before
 * 'Livros', 'ética' among the e's), code point by code point on both databases, and how many match; read
 * from the index on those two expressions (migration 20261127T1600-labels-pt-br-order, which writes them
 * exactly as here). A prefix is a range of the keys' code points, read
 * from the index: a wall that held a million labels answered 45.7 MiB in 10 to 28 s when the list was read
 * whole.
 */
export async function readLabelPage(
  db: Kysely<Database>,
  dialect: Pick<ThoughtsDialect, "byCodePoint">,
  { page = 1, limit = LABEL_READ_DEFAULT, prefix }: LabelPageQuery,
): Promise<LabelPage> {
  const key = dialect.byCodePoint("key");
  const from = prefix === undefined ? "" : prefixKey(prefix);
  const matching = db
    .selectFrom("labels")
    .$if(from !== "", (query) => query.where(key, ">=", from).where(key, "<", `${from}${AFTER_EVERY}`));
  const [rows, counted] = await Promise.all([
    matching
      .select(["label", "total"])
      .orderBy(foldedLabelKey(key))
      .orderBy(key)
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    matching.select((eb) => eb.fn.countAll<number | string>().as("count")).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({ nome: row.label, total: Number(row.total) })),
    total: Number(counted.count),
  };
}
