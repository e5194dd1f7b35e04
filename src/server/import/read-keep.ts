import { ITEM_MAX_BYTES, type ItemSink, markingErrors, thrownBySink, UnreadableFileError } from "./items";
import { isKeepNote, KEEP_PASSED_OVER, keepNoteCreatedAt, keepNoteFields } from "./keep-notes";
import { type ZipEntry, zipEntries } from "./zip-entries";

/** A note's JSON in a Takeout: `Takeout/Keep/<nota>.json` (or `Keep/<nota>.json` in a zip made by hand). */
const NOTE_PATH = /(^|\/)Keep\/[^/]+\.json$/i;
/** What the notes may inflate to in all: the largest file we take (50 MiB) holds no more text than this. */
const NOTES_MAX_BYTES = 512 * 1024 * 1024;

export const ZIP_BOMB =
  "O zip descompactado passa de 512 MiB: não é um Takeout do Keep que caiba no mural (pode ser uma bomba de zip).";
const NOT_A_ZIP = "O arquivo não é um zip legível. Esperava o zip do Google Takeout com o Keep.";
const NO_NOTES =
  "O zip não tem notas do Google Keep (Takeout/Keep/*.json). Exporte o Keep pelo Google Takeout.";
/**
 * A note whose JSON is bigger than a thought can be is left out by its size in the zip's directory, never
 * inflated: a 1 MiB note would otherwise be inflated whole to find its text 100 times over the limit.
 */
const TOO_BIG = "Grande demais para uma nota do Keep que caiba num pensamento (até 10.000 caracteres).";

async function readNote(entry: ZipEntry): Promise<unknown> {
  try {
    return JSON.parse(await entry.readText()) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A Google Keep Takeout zip: each note's JSON becomes a thought (see keep-notes.ts for the mapping); notes
 * in the trash stay out, archived ones come in. The notes go onto the wall in the order they were made,
 * whatever the zip's order, so the newest note ends up newest. Items are named by their path in the zip,
 * and each note is read, checked and let go before the next is inflated.
 */
export async function readKeepZip(body: Buffer, sink: ItemSink): Promise<void> {
  const items = markingErrors(sink);
  let inflated = 0;
  let notes = 0;
  let trashed = 0;
  let empty = 0;
  try {
    for await (const entry of zipEntries(body)) {
      if (!NOTE_PATH.test(entry.name)) {
        await items.pause();
        continue;
      }
      await items.next();
      notes += 1;
      // Counted by the size the directory declares, read or not: a zip bomb's one huge note is refused
      // whole, not listed as one note too big.
      inflated += entry.size;
      if (inflated > NOTES_MAX_BYTES) throw new UnreadableFileError(ZIP_BOMB);
      if (entry.size > ITEM_MAX_BYTES) {
        items.leaveOut(entry.name, TOO_BIG);
        continue;
      }
      const note = await readNote(entry);
      if (!isKeepNote(note)) {
        items.leaveOut(entry.name, "Não é uma nota do Keep legível.");
        continue;
      }
      const fields = keepNoteFields(note);
      if (note.isTrashed === true) trashed += 1;
      else if (typeof fields.conteudo !== "string" || fields.conteudo.trim() === "") empty += 1;
      // Ranked by when it was made: notes made at the same instant keep the zip's order.
      else items.add(entry.name, fields, keepNoteCreatedAt(note));
    }
  } catch (error) {
    if (error instanceof UnreadableFileError || thrownBySink(error)) throw error;
    throw new UnreadableFileError(NOT_A_ZIP);
  }
  if (notes === 0) throw new UnreadableFileError(NO_NOTES);
  items.passOver(KEEP_PASSED_OVER.trashed, trashed);
  items.passOver(KEEP_PASSED_OVER.empty, empty);
}
