import { StringDecoder } from "node:string_decoder";
import { Parser } from "htmlparser2";
import { highlightFields, labelsFrom } from "./import-fields";
import { ITEM_MAX_BYTES, ITEM_TOO_BIG, type ItemSink, UnreadableFileError } from "./items";
import { placeOf } from "./kindle-clippings";
import { kindleAuthor } from "./kindle-fields";
import { KINDLE_LABEL, KINDLE_NOTE_LABEL, KINDLE_PASSED_OVER } from "./read-kindle";

export const NOT_A_NOTEBOOK =
  "O arquivo HTML não é um caderno de notas do Kindle: esperava o que o app Kindle exporta (Exportar notas), com os blocos noteHeading e noteText.";

/** The blocks of the notebook the reader takes, by their class. */
type Block = "bookTitle" | "authors" | "noteHeading" | "noteText";
const BLOCKS: readonly Block[] = ["bookTitle", "authors", "noteHeading", "noteText"];

/** What a heading says it is, in English and in Brazilian Portuguese. */
const KINDS: [kind: "highlight" | "note" | "bookmark", pattern: RegExp][] = [
  ["highlight", /^\s*(?:highlight|destaque)/i],
  ["note", /^\s*(?:note|nota)\b/i],
  ["bookmark", /^\s*(?:bookmark|marcador)/i],
];

/** The file is fed to the parser a piece at a time, what each piece completes handed over before the next. */
const PIECE = 64 * 1024;
/** The most text held back for the next piece (a block's start); past it, the text goes as it is. */
const CARRIED_MAX = 1024 * 1024;

/**
 * The app closes each `noteText` div with `</h3>`. A parser leaves such a div open (no h3 is), so the open
 * elements pile up, one per note, and each stray `</h3>` is looked for through all of them: time in the
 * square of the notes (100,000 notes, minutes). The div is closed as it was opened instead.
 */
const STRAY_CLOSER = /(<div\s+class\s*=\s*["']noteText["']\s*>[^<]*)<\/h3\s*>/gi;
const closedAsOpened = (html: string) => html.replace(STRAY_CLOSER, "$1</div>");

interface Note {
  index: number;
  kind: "highlight" | "note" | "bookmark" | "unknown";
  heading: string;
  text: string;
  tooBig: boolean;
}

/** Classes of an element, as words. */
const blockOf = (attributes: Record<string, string>): Block | undefined => {
  const classes = (attributes.class ?? "").split(/\s+/);
  return BLOCKS.find((block) => classes.includes(block));
};

/**
 * The Kindle app's notebook ('Exportar notas', an HTML file per book): the book in `bookTitle` and
 * `authors`, then for each highlight, note or bookmark a `noteHeading` ('Highlight (yellow) - Page 12 ·
 * Location 180', 'Destaque (amarelo) - Página 12 · Posição 180', 'Note - Location 181') followed by its
 * `noteText`. A highlight becomes a thought (the book as `fonte`, the page and location as `local` as the
 * clippings give it, labelled 'kindle'); a note right after a highlight becomes that highlight's `nota`, a
 * note on its own a thought labelled 'minha nota' too; bookmarks are passed over. The notebook has no dates.
 *
 * Read with htmlparser2, a piece at a time, forgiving as a browser is (the app's files close a `noteText`
 * div with `</h3>`): a block ends where its element ends or where the next block starts.
 */
export async function readKindleNotebook(body: Buffer, items: ItemSink): Promise<void> {
  let title = "";
  let authors = "";
  let open: { block: Block; depth: number; text: string[]; size: number } | undefined;
  let depth = 0;
  let index = 0;
  let seen = false;
  const done: Note[] = [];
  let current: Note | undefined;

  const close = () => {
    if (!open) return;
    const text = open.text
      .join("")
      .replace(/[ \t\f\v\u00a0]+/g, " ")
      .replace(/ ?\n ?/g, "\n")
      .trim();
    const tooBig = open.size > ITEM_MAX_BYTES;
    if (open.block === "bookTitle") title ||= text;
    else if (open.block === "authors") authors ||= text;
    else if (open.block === "noteHeading") {
      if (current) done.push(current);
      index += 1;
      const kind = KINDS.find(([, pattern]) => pattern.test(text))?.[0] ?? "unknown";
      current = { index, kind, heading: text.slice(0, 4096), text: "", tooBig: false };
    } else if (current && current.text === "") {
      current.text = tooBig ? "" : text;
      current.tooBig = tooBig;
    }
    open = undefined;
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        depth += 1;
        const block = blockOf(attributes);
        if (block) {
          close();
          seen = true;
          open = { block, depth, text: [], size: 0 };
        } else if (open && name === "br") open.text.push("\n");
      },
      ontext(text) {
        if (!open) return;
        open.size += text.length;
        if (open.size <= ITEM_MAX_BYTES) open.text.push(text);
      },
      onclosetag(name) {
        if (open && depth === open.depth) close();
        else if (open && (name === "p" || name === "div")) open.text.push("\n");
        depth -= 1;
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );

  const book = () => ({ title: title || "Kindle", author: authors || undefined });
  let attachTo: { fields: Record<string, unknown>; at: string } | undefined;
  let bookmarks = 0;
  const flush = () => {
    if (attachTo) items.add(attachTo.at, attachTo.fields);
    attachTo = undefined;
  };
  const take = async (note: Note) => {
    await items.next();
    const at = `destaque ${note.index}`;
    const { title: bookTitle, author } = book();
    const fields = (text: string, labels: string[]) =>
      highlightFields({
        text,
        author: kindleAuthor({ title: bookTitle, author }),
        book: bookTitle,
        place: placeOf(note.heading),
        labels: labelsFrom(labels),
      });
    if (note.kind === "bookmark") bookmarks += 1;
    else if (note.kind === "unknown") items.leaveOut(at, "Não é um destaque, nota ou marcador do Kindle.");
    else if (note.tooBig) items.leaveOut(at, ITEM_TOO_BIG);
    else if (note.kind === "highlight") {
      flush();
      attachTo = { at, fields: fields(note.text, [KINDLE_LABEL]) };
      return;
    } else if (note.text !== "" && attachTo && attachTo.fields.nota === undefined) {
      // A note right after its highlight: the app writes each note under the highlight it is on.
      attachTo.fields.nota = note.text;
      return;
    } else items.add(at, fields(note.text, [KINDLE_LABEL, KINDLE_NOTE_LABEL]));
    flush();
  };

  // A character split between two pieces is kept whole; so is a `noteText` block (cut before its '<div').
  const decoder = new StringDecoder("utf8");
  let carried = "";
  for (let start = 0; start < body.length; start += PIECE) {
    const text = carried + decoder.write(body.subarray(start, start + PIECE));
    const cut = text.lastIndexOf("<div");
    const keep = cut > 0 && text.length - cut < CARRIED_MAX;
    parser.write(closedAsOpened(keep ? text.slice(0, cut) : text));
    carried = keep ? text.slice(cut) : "";
    await items.pause();
    // Every note but the last is complete: its text cannot grow once the next heading has begun.
    for (const note of done.splice(0)) await take(note);
  }
  parser.end(closedAsOpened(carried + decoder.end()));
  close();
  if (current) done.push(current);
  if (!seen || (index === 0 && title === "")) throw new UnreadableFileError(NOT_A_NOTEBOOK);
  for (const note of done.splice(0)) await take(note);
  flush();
  items.passOver(KINDLE_PASSED_OVER.bookmarks, bookmarks);
}
