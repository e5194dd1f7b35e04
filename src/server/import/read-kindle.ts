import { IMPORT_MAX_ITEMS } from "../../domain/contract-schemas";
import { ITEM_TOO_BIG, type ItemSink, TooManyItemsError, UnreadableFileError } from "./items";
import {
  CLIPPING_SEPARATOR,
  type Clipping,
  clippingsOf,
  inReadLanguage,
  looksLikeKindLine,
} from "./kindle-clippings";
import { kindleFields } from "./kindle-fields";
import { notesOnHighlights } from "./kindle-notes";
import { repeatsAmong } from "./kindle-repeats";

/** The label every thought from Kindle gets, so the wall can show them apart. */
export const KINDLE_LABEL = "kindle";
/** The label a reader's note that goes with no highlight gets beside it: the words are the reader's own. */
export const KINDLE_NOTE_LABEL = "minha nota";

/** How the summary names what was passed over on purpose (not errors). */
export const KINDLE_PASSED_OVER = {
  bookmarks: "Marcadores do Kindle",
  repeats: "Destaques repetidos do Kindle",
  noteRepeats: "Notas repetidas do Kindle",
} as const;

export const NOT_CLIPPINGS =
  "O arquivo de texto não é um My Clippings.txt do Kindle: esperava destaques separados por ==========.";
export const OTHER_LANGUAGE =
  "Este arquivo de recortes do Kindle está em outro idioma: só são lidos arquivos em inglês e em português.";
export const NOT_A_CLIPPING = "Não é um destaque, nota ou marcador do Kindle.";

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
 * Kindle's `My Clippings.txt`, each clipping kept whole: a highlight becomes a thought (its text, its
 * author in reading order, the book as `fonte`, the page and location as `local`, when it was added as
 * `criadoEm`, labelled 'kindle'), with the reader's notes on it as its `nota` (see kindle-notes.ts); a note
 * on no highlight becomes a thought of its own, labelled 'minha nota' too. Bookmarks and the repeats Kindle
 * writes of an edited highlight or note are passed over and counted; an entry of no kind it knows is an
 * error of its own. Every entry counts as an item, in the file's order, so what is left out is listed in
 * that order.
 */
export async function readKindle(body: Buffer, items: ItemSink): Promise<void> {
  if (!body.includes(CLIPPING_SEPARATOR)) throw new UnreadableFileError(NOT_CLIPPINGS);
  const clippings = await readEntries(body, items);
  const pause = () => items.pause();
  const repeats = await repeatsAmong(clippings, pause);
  const notes = await notesOnHighlights(clippings, repeats, pause);
  let bookmarks = 0;
  for (const clipping of clippings) {
    await items.next();
    const at = `destaque ${clipping.index}`;
    if (clipping.kind === "unknown") items.leaveOut(at, NOT_A_CLIPPING);
    else if (clipping.kind === "bookmark") bookmarks += 1;
    else if (repeats.has(clipping) || notes.repeats.has(clipping) || notes.attached.has(clipping)) continue;
    // Too big to have been decoded: left out by its size, as the other readers leave out a big item.
    else if (clipping.text === undefined) items.leaveOut(at, ITEM_TOO_BIG);
    else if (clipping.kind === "note")
      items.add(
        at,
        kindleFields(clipping, { text: clipping.text, labels: [KINDLE_LABEL, KINDLE_NOTE_LABEL] }),
      );
    else {
      const note = notes.noteOf.get(clipping);
      items.add(at, kindleFields(clipping, { text: clipping.text, note, labels: [KINDLE_LABEL] }));
    }
  }
  items.passOver(KINDLE_PASSED_OVER.bookmarks, bookmarks);
  items.passOver(KINDLE_PASSED_OVER.repeats, repeats.size);
  items.passOver(KINDLE_PASSED_OVER.noteRepeats, notes.repeats.size);
}
