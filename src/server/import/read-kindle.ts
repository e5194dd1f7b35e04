import { IMPORT_MAX_ITEMS } from "../../domain/contract-schemas";
import { AUTHOR_MAX } from "../../domain/rules";
import { ITEM_TOO_BIG, type ItemSink, TooManyItemsError, UnreadableFileError } from "./items";
import {
  CLIPPING_SEPARATOR,
  type Clipping,
  clippingsOf,
  inReadLanguage,
  looksLikeKindLine,
} from "./kindle-clippings";
import { repeatsAmong } from "./kindle-repeats";

/** The label every Kindle highlight gets, so the wall can show them apart. */
export const KINDLE_LABEL = "kindle";

/** How the summary names what was passed over on purpose (not errors). */
export const KINDLE_PASSED_OVER = {
  notes: "Notas do Kindle",
  bookmarks: "Marcadores do Kindle",
  repeats: "Destaques repetidos do Kindle",
} as const;

export const NOT_CLIPPINGS =
  "O arquivo de texto não é um My Clippings.txt do Kindle: esperava destaques separados por ==========.";
export const OTHER_LANGUAGE =
  "Este arquivo de recortes do Kindle está em outro idioma: só são lidos arquivos em inglês e em português.";
export const NOT_A_CLIPPING = "Não é um destaque, nota ou marcador do Kindle.";

const DASH = " — ";
/** What a title keeps beside an author too long for both, so the book still shows. */
const TITLE_ROOM = 60;
const graphemes = new Intl.Segmenter("pt-BR", { granularity: "grapheme" });

/**
 * The text within `max` UTF-16 units (what the author's limit counts), cut with '…' between characters as
 * a reader sees them: a cut through an emoji's surrogate pair left half a character, which no text may hold.
 */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  let kept = "";
  for (const { segment } of graphemes.segment(text)) {
    if (kept.length + segment.length > max - 1) break;
    kept += segment;
  }
  return `${kept.trimEnd()}…`;
}

/**
 * The author of a highlight: 'Author — Book title' within the author's limit, the title shortened with '…'
 * first (down to TITLE_ROOM), then the author; the title alone for a book without an author.
 */
export function kindleAuthor({ title, author }: Pick<Clipping, "title" | "author">): string {
  if (!author) return shorten(title, AUTHOR_MAX);
  const room = AUTHOR_MAX - DASH.length;
  if (author.length + title.length <= room) return `${author}${DASH}${title}`;
  const shownTitle = shorten(title, Math.max(Math.min(title.length, TITLE_ROOM), room - author.length));
  return `${shorten(author, room - shownTitle.length)}${DASH}${shownTitle}`;
}

/**
 * Every entry of the file, each counted as an item the moment it is found: past IMPORT_MAX_ITEMS the file is
 * refused before the rest is read (the entries are all read before any is handed over, as a repeat may come
 * after what it repeats). The walk lets the event loop answer other requests now and then.
 */
async function readEntries(body: Buffer, items: ItemSink): Promise<Clipping[]> {
  const clippings: Clipping[] = [];
  for (const clipping of clippingsOf(body)) {
    await items.pause();
    if (!clipping) continue;
    if (clippings.length === IMPORT_MAX_ITEMS) throw new TooManyItemsError();
    clippings.push(clipping);
  }
  if (!clippings.some((clipping) => inReadLanguage(clipping.meta))) {
    const kindle = clippings.some((clipping) => looksLikeKindLine(clipping.meta));
    throw new UnreadableFileError(kindle ? OTHER_LANGUAGE : NOT_CLIPPINGS);
  }
  return clippings;
}

/**
 * Kindle's `My Clippings.txt`: each highlight becomes a thought by 'Author — Book title' with the label
 * 'kindle'. Notes, bookmarks and the repeats Kindle writes of an edited highlight are passed over and
 * counted; an entry of no kind it knows is an error of its own. Every entry counts as an item, in the file's
 * order, so what is left out is listed in that order.
 */
export async function readKindle(body: Buffer, items: ItemSink): Promise<void> {
  if (!body.includes(CLIPPING_SEPARATOR)) throw new UnreadableFileError(NOT_CLIPPINGS);
  const clippings = await readEntries(body, items);
  const repeats = await repeatsAmong(clippings, () => items.pause());
  const passedOver = { note: 0, bookmark: 0 };
  for (const clipping of clippings) {
    await items.next();
    const at = `destaque ${clipping.index}`;
    if (clipping.kind === "unknown") items.leaveOut(at, NOT_A_CLIPPING);
    else if (clipping.kind !== "highlight") passedOver[clipping.kind] += 1;
    else if (repeats.has(clipping)) continue;
    // Too big to have been decoded: left out by its size, as the other readers leave out a big item.
    else if (clipping.text === undefined) items.leaveOut(at, ITEM_TOO_BIG);
    else
      items.add(at, { conteudo: clipping.text, autoria: kindleAuthor(clipping), etiquetas: [KINDLE_LABEL] });
  }
  items.passOver(KINDLE_PASSED_OVER.notes, passedOver.note);
  items.passOver(KINDLE_PASSED_OVER.bookmarks, passedOver.bookmark);
  items.passOver(KINDLE_PASSED_OVER.repeats, repeats.size);
}
