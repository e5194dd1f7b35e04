/** Code point ranges as font packages declare them (CSS unicode-range, in each @fontsource unicode.json). */

export type CodeRange = readonly [from: number, to: number];

/** "U+0000-00FF,U+0131" into [[0, 255], [305, 305]]. */
export function parseUnicodeRanges(list: string): CodeRange[] {
  return list
    .split(",")
    .filter((range) => range.trim() !== "")
    .map((range) => {
      const [from = "", to = from] = range.trim().replace(/^U\+/i, "").split("-");
      return [Number.parseInt(from, 16), Number.parseInt(to, 16)] as const;
    });
}

/** The index of the last boundary at or before `codePoint`, -1 when it comes before them all. */
function lastAtOrBefore(boundaries: readonly number[], codePoint: number): number {
  let low = 0;
  let high = boundaries.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((boundaries[middle] ?? 0) <= codePoint) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

const NONE: readonly never[] = [];

/**
 * Which owners (font files) declare a code point, in the order the owners were given. The CJK font alone
 * declares some hundred files of scattered ranges, so the ranges are cut once into disjoint pieces, each
 * with its owners, and a code point is looked up by binary search rather than against every range.
 */
export function indexRanges<T>(
  entries: readonly { owner: T; ranges: readonly CodeRange[] }[],
): (codePoint: number) => readonly T[] {
  const points = new Set<number>();
  for (const { ranges } of entries) {
    for (const [from, to] of ranges) points.add(from).add(to + 1);
  }
  const boundaries = [...points].sort((a, b) => a - b);
  const owners: T[][] = boundaries.map(() => []);
  for (const { owner, ranges } of entries) {
    for (const [from, to] of ranges) {
      for (
        let i = lastAtOrBefore(boundaries, from);
        i < boundaries.length && (boundaries[i] ?? 0) <= to;
        i++
      ) {
        const piece = owners[i];
        if (piece && piece.at(-1) !== owner) piece.push(owner);
      }
    }
  }
  return (codePoint) => {
    const i = lastAtOrBefore(boundaries, codePoint);
    return i < 0 ? NONE : (owners[i] ?? NONE);
  };
}
