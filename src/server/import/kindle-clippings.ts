/**
 * Kindle's `My Clippings.txt`, taken apart: entries end with a line of ten '=', each is a title line
 * ('Book Title (Author Name)'), a line that says what it is, where and when ('- Your Highlight on page 5 |
 * Location 70-72 | Added on …', '- Seu destaque na posição 123-125 | Adicionado: …'), a blank line, and the
 * text. Written by the device in UTF-8, with or without a BOM, with CRLF or LF line ends.
 */

export type ClippingKind = "highlight" | "note" | "bookmark" | "unknown";

export interface Clipping {
  /** Its place in the file, counted from 1. */
  index: number;
  /** The title line as written: what tells one book from another. */
  book: string;
  title: string;
  author?: string;
  kind: ClippingKind;
  /** Its location range on the device (a page when the book has no locations). */
  from?: number;
  to?: number;
  text: string;
}

export const CLIPPING_SEPARATOR = "==========";

/** The kinds, in the English and the Brazilian Portuguese the devices write. */
const KINDS: [ClippingKind, RegExp][] = [
  ["highlight", /^-\s*(?:your highlight|seu destaque)/i],
  ["note", /^-\s*(?:your note|sua nota)/i],
  ["bookmark", /^-\s*(?:your bookmark|seu marcador)/i],
];

const LOCATION = /(?:location|loc\.|posição|posicao)\s*(\d+)(?:\s*-\s*(\d+))?/i;
const PAGE = /(?:page|página|pagina)\s*(\d+)(?:\s*-\s*(\d+))?/i;

/** The book's title and its author, the last parenthesised group of the title line ('Título (Autor)'). */
function splitTitle(line: string): { title: string; author?: string } {
  const match = /^(.*?)\s*\(([^()]+)\)\s*$/.exec(line);
  if (!match?.[1] || !match[2]) return { title: line };
  return { title: match[1].trim(), author: match[2].trim() };
}

function rangeOf(meta: string): { from?: number; to?: number } {
  const found = LOCATION.exec(meta) ?? PAGE.exec(meta);
  if (!found?.[1]) return {};
  const from = Number(found[1]);
  return { from, to: found[2] ? Number(found[2]) : from };
}

/** Whether the text is a clippings file at all: at least one entry with a title and a kind line. */
export function looksLikeClippings(text: string): boolean {
  return text.includes(CLIPPING_SEPARATOR) && /^-\s*(your|seu|sua)\s/im.test(text);
}

/** Every entry of the file, in its order; an entry without a title line is skipped as the device's noise. */
export function parseClippings(raw: string): Clipping[] {
  const text = raw.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const clippings: Clipping[] = [];
  let index = 0;
  for (const entry of text.split(`\n${CLIPPING_SEPARATOR}`)) {
    // Each entry after the first starts where the separator line ended; some devices write a BOM per entry.
    const lines = entry
      .replace(/^\n/, "")
      .replace(/^\uFEFF/, "")
      .split("\n");
    const book = lines[0]?.trim() ?? "";
    const meta = lines[1]?.trim() ?? "";
    if (!book && !meta) continue;
    index += 1;
    const kind = KINDS.find(([, pattern]) => pattern.test(meta))?.[0] ?? "unknown";
    clippings.push({
      index,
      book,
      ...splitTitle(book),
      kind,
      ...rangeOf(meta),
      text: lines.slice(2).join("\n").trim(),
    });
  }
  return clippings;
}

const overlaps = (a: Clipping, b: Clipping) =>
  a.from !== undefined && b.from !== undefined && a.from <= (b.to ?? b.from) && b.from <= (a.to ?? a.from);

/** Kindle's repeat of an edited highlight: same book, overlapping place, one text inside the other. */
export function isRepeat(a: Clipping, b: Clipping): boolean {
  return a.book === b.book && overlaps(a, b) && (a.text.includes(b.text) || b.text.includes(a.text));
}

/**
 * The highlights without Kindle's repeats: when a highlight was edited the device writes it again, so of
 * two repeats the later one stays (or the longer, when the later is only a part of the earlier).
 */
export function withoutRepeats(highlights: readonly Clipping[]): { kept: Clipping[]; repeats: number } {
  const kept: Clipping[] = [];
  let repeats = 0;
  for (const highlight of highlights) {
    const at = kept.findIndex((earlier) => isRepeat(earlier, highlight));
    const earlier = kept[at];
    if (earlier === undefined) kept.push(highlight);
    else {
      repeats += 1;
      if (highlight.text.length >= earlier.text.length) kept[at] = highlight;
    }
  }
  return { kept, repeats };
}
