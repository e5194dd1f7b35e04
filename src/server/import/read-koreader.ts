import { highlightFields, instantFromSeconds, instantFromText, labelsFrom, textOf } from "./import-fields";
import { ITEM_MAX_BYTES, ITEM_TOO_BIG, type ItemSink, UnreadableFileError } from "./items";
import { type JsonScan, parseSlice, walkObject } from "./json-scan";

/** The label every thought from KOReader gets. */
export const KOREADER_LABEL = "koreader";

export const KOREADER_PASSED_OVER = { bookmarks: "Marcadores do KOReader" } as const;

/** The root's (or a book's) members the reader needs, noted where their values start. */
export const KOREADER_MEMBERS: readonly string[] = ["title", "author", "entries", "documents"];
export type Members = Partial<Record<string, number>>;

const NOT_AN_ENTRY = "Não é um destaque do KOReader: esperava um objeto com text.";
const NO_TEXT = "Destaque do KOReader sem texto (text).";

const incomplete = (where: string, what: string) =>
  new UnreadableFileError(
    `O JSON do KOReader está incompleto: ${where} não tem ${what}. Exporte de novo pelo KOReader (Exportar destaques, JSON).`,
  );

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A small value (a title, an author) parsed from where it starts. */
async function smallValue(scan: JsonScan, at: number | undefined): Promise<unknown> {
  if (at === undefined) return undefined;
  const end = await scan.valueEnd(at);
  if (end - at > ITEM_MAX_BYTES) return undefined;
  return parseSlice(scan.bytes.subarray(at, end));
}

/** Where a highlight is: its chapter, then 'página N'. */
function placeOf(entry: Record<string, unknown>): string | undefined {
  const chapter = textOf(entry.chapter);
  const page =
    typeof entry.page === "number" && Number.isFinite(entry.page)
      ? String(entry.page)
      : typeof entry.page === "string" && /^\d{1,9}$/.test(entry.page.trim())
        ? entry.page.trim()
        : undefined;
  const parts = [chapter, page === undefined ? undefined : `página ${page}`].filter(
    (part) => part !== undefined,
  );
  return parts.length > 0 ? parts.join(", ") : undefined;
}

interface Book {
  title: string;
  author: string | undefined;
  /** How its entries are named: 'destaque 3', or 'livro 2, destaque 3' in an export of many books. */
  prefix: string;
}

async function readEntries(
  scan: JsonScan,
  at: number,
  book: Book,
  items: ItemSink,
  counts: { bookmarks: number },
): Promise<void> {
  let position = scan.spaces(scan.expect(at, "["));
  if (scan.bytes[position] === 0x5d) return;
  for (let index = 1; ; index += 1) {
    await items.next();
    const start = scan.spaces(position);
    const end = await scan.valueEnd(start);
    const place = `${book.prefix}destaque ${index}`;
    if (end - start > ITEM_MAX_BYTES) items.leaveOut(place, ITEM_TOO_BIG);
    else {
      const entry = parseSlice(scan.bytes.subarray(start, end));
      const text = isRecord(entry) ? textOf(entry.text) : undefined;
      if (!isRecord(entry)) items.leaveOut(place, NOT_AN_ENTRY);
      else if (entry.sort === "bookmark") counts.bookmarks += 1;
      else if (text === undefined) items.leaveOut(place, NO_TEXT);
      else
        items.add(
          place,
          highlightFields({
            text,
            author: book.author,
            book: book.title,
            place: placeOf(entry),
            note: textOf(entry.note),
            createdAt: instantFromSeconds(entry.time) ?? instantFromText(entry.datetime),
            labels: labelsFrom([KOREADER_LABEL]),
          }),
        );
    }
    position = scan.spaces(end);
    if (scan.bytes[position] === 0x5d) return;
    position = scan.expect(position, ",");
  }
}

/** One book: its title (required), its author, and its list of entries (required). */
async function readBook(
  scan: JsonScan,
  members: Members,
  where: string,
  prefix: string,
  items: ItemSink,
  counts: { bookmarks: number },
): Promise<void> {
  const title = textOf(await smallValue(scan, members.title));
  if (title === undefined) throw incomplete(where, 'o título ("title")');
  if (members.entries === undefined || scan.bytes[members.entries] !== 0x5b) {
    throw incomplete(where, 'a lista de destaques ("entries")');
  }
  // Several authors come one per line.
  const author = textOf(await smallValue(scan, members.author))?.replace(/\s*\n\s*/g, ", ");
  await readEntries(scan, members.entries, { title, author, prefix }, items, counts);
}

/**
 * KOReader's JSON export (its Exporter plugin): one book, `{title, author, entries: [{text, note, page,
 * time, chapter, …}]}`, or many, `{documents: [such a book, …]}`, its members in any order. Each entry
 * becomes a thought: its text, the book's author (its title when it has none), the book as `fonte`, the
 * chapter and page as `local` ('Capítulo 2, página 12'), the note as `nota`, `time` (Unix seconds) as
 * `criadoEm`, labelled 'koreader'. A bookmark (`sort: "bookmark"`) is passed over; an entry without text is
 * an error of its own. A book without its title or its list of entries is a file the import refuses whole.
 * Walked like our JSON: each entry parsed on its own, the file never built whole.
 */
export async function readKoreader(scan: JsonScan, root: Members, items: ItemSink): Promise<void> {
  const counts = { bookmarks: 0 };
  if (root.documents === undefined) {
    await readBook(scan, root, "o livro", "", items, counts);
  } else {
    if (scan.bytes[root.documents] !== 0x5b) throw incomplete("o arquivo", 'a lista de livros ("documents")');
    let position = scan.spaces(root.documents + 1);
    for (let book = 1; scan.bytes[position] !== 0x5d; book += 1) {
      await items.pause();
      const start = scan.spaces(position);
      const where = `o livro ${book}`;
      if (scan.bytes[start] !== 0x7b) throw incomplete(where, 'o título ("title")');
      const members: Members = {};
      const end = await walkObject(scan, start, async (key, at) => {
        if (typeof key === "string" && KOREADER_MEMBERS.includes(key) && members[key] === undefined) {
          members[key] = at;
        }
        return undefined;
      });
      await readBook(scan, members, where, `livro ${book}, `, items, counts);
      position = scan.spaces(end);
      if (scan.bytes[position] === 0x2c) position = scan.spaces(position + 1);
      else if (scan.bytes[position] !== 0x5d)
        throw incomplete("o arquivo", "uma lista de livros bem formada");
    }
  }
  items.passOver(KOREADER_PASSED_OVER.bookmarks, counts.bookmarks);
}
