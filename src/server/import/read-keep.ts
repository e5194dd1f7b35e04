import { type ImportCandidate, type ReadFile, UnreadableFileError } from "./items";
import { isKeepNote, type KeepNote, keepNoteCreatedAt, keepNoteFields } from "./keep-notes";
import { type ZipEntry, zipEntries } from "./zip-entries";

/** A note's JSON in a Takeout: `Takeout/Keep/<nota>.json` (or `Keep/<nota>.json` in a zip made by hand). */
const NOTE_PATH = /(^|\/)Keep\/[^/]+\.json$/i;
/** A Keep note holds at most 20,000 characters: a bigger entry is no note, and is not inflated. */
const NOTE_MAX_BYTES = 1024 * 1024;
/** What the notes may inflate to in all: the largest file we take (50 MiB) holds no more text than this. */
const NOTES_MAX_BYTES = 512 * 1024 * 1024;

const NOT_A_ZIP = "O arquivo não é um zip legível. Esperava o zip do Google Takeout com o Keep.";

/** Each note's JSON of the zip, read; an entry too big for a note is left out by name. */
async function readNotes(
  body: Buffer,
  leftOut: ReadFile["leftOut"],
): Promise<{ at: string; note: unknown }[]> {
  const notes: { at: string; note: unknown }[] = [];
  let inflated = 0;
  const read = async (entry: ZipEntry) => {
    try {
      return JSON.parse(await entry.readText()) as unknown;
    } catch {
      return undefined;
    }
  };
  try {
    for await (const entry of zipEntries(body)) {
      if (!NOTE_PATH.test(entry.name)) continue;
      if (entry.size > NOTE_MAX_BYTES) {
        leftOut.push({ at: entry.name, message: "Grande demais para uma nota do Keep." });
        continue;
      }
      inflated += entry.size;
      if (inflated > NOTES_MAX_BYTES) throw new UnreadableFileError("O zip descompactado passa de 512 MiB.");
      notes.push({ at: entry.name, note: await read(entry) });
    }
  } catch (error) {
    if (error instanceof UnreadableFileError) throw error;
    throw new UnreadableFileError(NOT_A_ZIP);
  }
  return notes;
}

/**
 * A Google Keep Takeout zip: each note's JSON becomes a thought (see keep-notes.ts for the mapping); notes
 * in the trash stay out, archived ones come in. The notes go onto the wall in the order they were made,
 * whatever the zip's order, so the newest note ends up newest. Items are named by their path in the zip.
 */
export async function readKeepZip(body: Buffer): Promise<ReadFile> {
  const leftOut: ReadFile["leftOut"] = [];
  const read = await readNotes(body, leftOut);
  if (read.length === 0 && leftOut.length === 0) {
    throw new UnreadableFileError(
      "O zip não tem notas do Google Keep (Takeout/Keep/*.json). Exporte o Keep pelo Google Takeout.",
    );
  }
  const notes: { at: string; note: KeepNote }[] = [];
  for (const { at, note } of read) {
    if (!isKeepNote(note)) leftOut.push({ at, message: "Não é uma nota do Keep legível." });
    else if (note.isTrashed === true)
      leftOut.push({ at, message: "A nota está na lixeira do Keep e fica de fora." });
    else notes.push({ at, note });
  }
  // Array.prototype.sort is stable: notes made at the same instant keep the zip's order.
  notes.sort((a, b) => keepNoteCreatedAt(a.note) - keepNoteCreatedAt(b.note));
  const candidates: ImportCandidate[] = notes.map(({ at, note }) => ({ at, fields: keepNoteFields(note) }));
  return { candidates, leftOut };
}
