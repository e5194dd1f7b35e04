// Without the u flag a regex sees UTF-16 units, so a surrogate with no partner next to it can be found.
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * What counts as text: no NUL (PostgreSQL refuses it in a text column, SQLite would store it) and no
 * unpaired UTF-16 surrogate (it has no UTF-8 form, so it would be stored as invalid bytes).
 */
export function isValidText(text: string): boolean {
  return !text.includes("\u0000") && !loneSurrogate.test(text);
}

/**
 * Characters that show nothing on screen: whitespace, format characters (zero-width space, joiners, word
 * joiner, byte order mark…) and the Hangul fillers, which are letters by category yet render blank.
 */
const invisible = /[\s\p{Cf}\p{Z}\u115F\u1160\u3164\uFFA0]/gu;

/** How many characters a reader sees: code points, so an emoji counts once, invisible ones not at all. */
export function visibleLength(text: string): number {
  let count = 0;
  for (const _ of text.replace(invisible, "")) count++;
  return count;
}
