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
 * One character a reader sees: not whitespace, not a format character (zero-width space, joiners, word
 * joiner, byte order mark…), not a Hangul filler (letters by category that render blank).
 */
const visible = /[^\s\p{Cf}\p{Z}\u115F\u1160\u3164\uFFA0]/gu;

/**
 * Whether a reader sees at least `count` characters, counting code points (an emoji once, invisible
 * characters not at all) only as far as it needs: every field of every item of an import asks it, and
 * counting the whole text took about a tenth of a 100,000-thought import's validation.
 */
export function showsAtLeast(text: string, count = 1): boolean {
  const found = new RegExp(visible);
  let seen = 0;
  while (seen < count && found.exec(text) !== null) seen++;
  return seen >= count;
}
