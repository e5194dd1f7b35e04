import { type RawBuilder, sql } from "kysely";

/**
 * The accented letters a label's key may hold (keys are in lower case) and the letter each folds to: those
 * of Portuguese, and of the languages beside it on a reader's shelf (Spanish, French, Italian, German,
 * Catalan). One list serves both sides of a comparison: the key written in SQL (`foldedLabelKey`) and the
 * label asked for (`foldLabelKey`), so the two always fold alike, on SQLite and PostgreSQL alike.
 */
const LABEL_ACCENTS: readonly (readonly [string, string])[] = [
  ..."àáâãäå".split("").map((letter) => [letter, "a"] as const),
  ..."èéêë".split("").map((letter) => [letter, "e"] as const),
  ..."ìíîï".split("").map((letter) => [letter, "i"] as const),
  ..."òóôõö".split("").map((letter) => [letter, "o"] as const),
  ..."ùúûü".split("").map((letter) => [letter, "u"] as const),
  ["ç", "c"],
  ["ñ", "n"],
  ["ý", "y"],
  ["ÿ", "y"],
];

/**
 * A label asked for without its accents and case (keys are in lower case already; a caller's capitals are
 * forgiven too): 'música', 'Musica' and 'musica' are the same to the wall's label filter.
 */
export function foldLabelKey(key: string): string {
  let folded = key.normalize("NFC").toLowerCase();
  for (const [accented, plain] of LABEL_ACCENTS) folded = folded.replaceAll(accented, plain);
  return folded;
}

/**
 * The same folding in SQL, of a key column or of an expression over it, that both databases run alike
 * (nested replace(), the letters written in, not bound, so the statement is the same text every time).
 * The result keeps its input's collation on PostgreSQL, so a key in the "C" collation folds into text
 * that still sorts by code point.
 */
export function foldedLabelKey(key: RawBuilder<string>): RawBuilder<string> {
  let folded = key;
  for (const [accented, plain] of LABEL_ACCENTS) {
    folded = sql<string>`replace(${folded}, ${sql.lit(accented)}, ${sql.lit(plain)})`;
  }
  return folded;
}
