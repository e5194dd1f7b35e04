import { ITEM_MAX_BYTES } from "./items";

/**
 * Kindle's `My Clippings.txt`, taken apart: entries end with a line of ten '=', each is a title line
 * ('Book Title (Author Name)'), a line that says what it is, where and when ('- Your Highlight on page 5 |
 * Location 70-72 | Added on …', '- Seu destaque na posição 123-125 | Adicionado: …'), a blank line, and the
 * text. Written by the device in UTF-8, with or without a BOM, with CRLF, LF or (older files) CR line ends.
 *
 * The file is walked by position, never matched whole: an entry is found with the separator's bytes, its
 * first two lines with the line ends, and no pattern runs on more than LINE_MAX_BYTES of a line. A title
 * pattern that backtracked took time in the square of a line's length: a line of 117 KiB of spaces held the
 * event loop 27 s.
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
  /** The line that says what it is, where and when (at most LINE_MAX_BYTES of it). */
  meta: string;
  /** Its location range on the device (a page when the book has no locations). */
  from?: number;
  to?: number;
  /** Absent when the entry is bigger than ITEM_MAX_BYTES: too big for a thought, so never decoded. */
  text?: string;
}

export const CLIPPING_SEPARATOR = "==========";
const SEPARATOR_BYTES = Buffer.from(CLIPPING_SEPARATOR);
const LF = 0x0a;
const CR = 0x0d;

/**
 * How much of a title or kind line is read: a real one takes a few hundred bytes at most; what a longer one
 * holds past this is dropped.
 */
export const LINE_MAX_BYTES = 4096;

/** The kinds, in the English and the Brazilian Portuguese the devices write. */
const KINDS: [ClippingKind, RegExp][] = [
  ["highlight", /^-\s*(?:your highlight|seu destaque)/i],
  ["note", /^-\s*(?:your note|sua nota)/i],
  ["bookmark", /^-\s*(?:your bookmark|seu marcador)/i],
];

/** A location or page range as the device writes it; nine digits at most, so a number stays exact. */
const LOCATION = /(?:location|loc\.|posição|posicao)\s*(\d{1,9})(?:\s*-\s*(\d{1,9}))?/i;
/** Pages may be numbered in Roman numerals (a preface's 'page xii'). */
const PAGE = /(?:page|página|pagina)\s*(\d{1,9}|[ivxlcdm]{1,12})(?:\s*-\s*(\d{1,9}|[ivxlcdm]{1,12}))?/i;

/**
 * The book's title and its author, the last parenthesised group that ends the title line ('Título (Autor)');
 * found by position, so a line of any length costs one pass.
 */
export function splitTitle(line: string): { title: string; author: string | undefined } {
  const open = line.endsWith(")") ? line.lastIndexOf("(") : -1;
  const author = open > 0 ? line.slice(open + 1, -1).trim() : "";
  const title = open > 0 ? line.slice(0, open).trim() : "";
  if (author === "" || title === "" || author.includes(")")) return { title: line, author: undefined };
  return { title, author };
}

/**
 * A range's end as a whole number: older devices write '1234-36' for 1234 to 1236, the end's first digits
 * left out when they are the start's.
 */
function rangeEnd(from: string, to: string | undefined): string {
  if (to === undefined || to.length >= from.length || !/^\d+$/.test(to)) return to ?? from;
  return `${from.slice(0, from.length - to.length)}${to}`;
}

/** 'a-b', or 'a' when the range is one place. */
const shown = (from: string, to: string) => (to === from ? from : `${from}-${to}`);

/** The first range a pattern finds in the kind line, its end written out whole: [from, to] as written. */
function rangeIn(meta: string, pattern: RegExp): [string, string] | undefined {
  const found = pattern.exec(meta);
  return found?.[1] ? [found[1].toLowerCase(), rangeEnd(found[1], found[2]).toLowerCase()] : undefined;
}

/** The location range on the device, else the pages, as numbers to compare places; undefined for neither. */
function numbersOf(meta: string): [number, number] | undefined {
  const range = (rangeIn(meta, LOCATION) ?? rangeIn(meta, PAGE))?.map(Number);
  return range?.every(Number.isFinite) ? [range[0] ?? 0, range[1] ?? 0] : undefined;
}

/**
 * Where the kind line puts the clipping, as `local` shows it in pt-BR whatever the file's language: 'p. 12,
 * posição 180-183', 'posição 1200-1203', 'p. xii'; undefined when it says neither. Read only for the
 * clippings that become thoughts, not for every entry counted.
 */
export function placeOf(meta: string): string | undefined {
  const pages = rangeIn(meta, PAGE);
  const locations = rangeIn(meta, LOCATION);
  const place = [pages && `p. ${shown(...pages)}`, locations && `posição ${shown(...locations)}`].filter(
    (text) => text !== undefined,
  );
  return place.length > 0 ? place.join(", ") : undefined;
}

/**
 * Where the line that starts at `start` ends (its CR or LF, or `end`). Both searches stay within the entry:
 * a file without one of the two would otherwise be scanned to its end once per entry.
 */
function lineEnd(body: Buffer, start: number, end: number): number {
  const line = body.subarray(start, end);
  const lf = line.indexOf(LF);
  const cr = line.indexOf(CR);
  const found = lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
  return found === -1 ? end : start + found;
}

/** Where the line after the one ending at `at` starts: past its CRLF, LF or lone CR. */
function nextLine(body: Buffer, at: number, end: number): number {
  const next = body[at] === CR && body[at + 1] === LF ? at + 2 : at + 1;
  return Math.min(next, end);
}

/** A line's text, at most LINE_MAX_BYTES of it, without its CR, BOM or surrounding spaces. */
function lineText(body: Buffer, start: number, end: number): string {
  return body.toString("utf8", start, Math.min(end, start + LINE_MAX_BYTES)).trim();
}

/** The entry between `start` and `end`, or undefined when its first two lines are blank (noise). */
function clippingAt(body: Buffer, start: number, end: number, index: number): Clipping | undefined {
  const bookEnd = lineEnd(body, start, end);
  const metaStart = nextLine(body, bookEnd, end);
  const metaEnd = lineEnd(body, metaStart, end);
  const book = lineText(body, start, bookEnd);
  const meta = lineText(body, metaStart, metaEnd);
  if (!book && !meta) return undefined;
  const kind = KINDS.find(([, pattern]) => pattern.test(meta))?.[0] ?? "unknown";
  const textStart = nextLine(body, metaEnd, end);
  const text =
    end - textStart > ITEM_MAX_BYTES
      ? undefined
      : body.toString("utf8", textStart, end).replace(/\r\n?/g, "\n").trim();
  const { title, author } = splitTitle(book);
  const range = numbersOf(meta);
  // Every clipping with the same fields, set or not: 100,000 of one shape are quicker to make and read.
  return { index, book, title, author, kind, meta, from: range?.[0], to: range?.[1], text };
}

/**
 * Every entry of the file, in its order, the moment it is found; `undefined` now and then for stretches
 * that hold none (blank entries, a text with ten '=' inside a line), so the caller can pace the walk. An
 * entry whose first two lines are blank is the device's noise, not counted.
 */
export function* clippingsOf(body: Buffer): Generator<Clipping | undefined> {
  let index = 0;
  let start = 0;
  let from = 0;
  for (;;) {
    const at = body.indexOf(SEPARATOR_BYTES, from);
    const end = at === -1 ? body.length : at;
    if (at > 0 && body[at - 1] !== LF && body[at - 1] !== CR) {
      // Ten '=' inside a line: a real separator cannot start before they end, as none follows a line end.
      from = at + SEPARATOR_BYTES.length;
      yield undefined;
      continue;
    }
    const clipping = clippingAt(body, start, end, index + 1);
    if (clipping) index += 1;
    yield clipping;
    if (at === -1) return;
    // Past the separator's line end; anything else written on that line starts the next entry.
    start = at + SEPARATOR_BYTES.length;
    if (body[start] === CR) start += 1;
    if (body[start] === LF) start += 1;
    from = start;
  }
}

/** Whether a kind line is in a language read here: English or Brazilian Portuguese. */
export function inReadLanguage(meta: string): boolean {
  return /^-\s*(?:your|seu|sua)\s/i.test(meta);
}

/** Whether a kind line reads like one a Kindle writes in any language: '- … | …'. */
export function looksLikeKindLine(meta: string): boolean {
  return meta.startsWith("-") && meta.includes("|");
}

const overlaps = (a: Clipping, b: Clipping) =>
  a.from !== undefined && b.from !== undefined && a.from <= (b.to ?? b.from) && b.from <= (a.to ?? a.from);

/** Kindle's repeat of an edited highlight: same book, overlapping place, one text inside the other. */
export function isRepeat(a: Clipping, b: Clipping): boolean {
  if (a.text === undefined || b.text === undefined) return false;
  return a.book === b.book && overlaps(a, b) && (a.text.includes(b.text) || b.text.includes(a.text));
}
