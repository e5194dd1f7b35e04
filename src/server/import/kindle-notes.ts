import { CONTENT_MAX, NOTE_MAX } from "../../domain/rules";
import { type Clipping, isRepeat } from "./kindle-clippings";

/**
 * How many highlights starting at or before a note's place are looked at, the nearest first: a note sits at
 * the end of (or inside) the highlight it was written on, and a book's highlights seldom overlap once
 * Kindle's repeats are gone, so the one it belongs to is among the nearest. A bound keeps a file of many
 * highlights at one place (a hostile one) from costing each note a walk through all of them.
 */
const NEIGHBOURS = 8;

/** What a book's highlights are searched by: where each starts, in order. */
type Placed = Clipping & { from: number; to: number; text: string };

/** The reader's notes on one highlight, in the file's order, joined by a blank line. */
const NOTES_JOINED_BY = "\n\n";

export interface NotesOnHighlights {
  /** Each highlight's note, the notes written on it joined in the file's order. */
  noteOf: Map<Clipping, string>;
  /** The notes that went into a highlight: not thoughts of their own. */
  attached: Set<Clipping>;
  /** Notes Kindle wrote again after they were edited (one text inside the other, same place): left out. */
  repeats: Set<Clipping>;
}

/** A highlight a note can go with: one that becomes a thought, with a place to compare. */
const canHoldNote = (clipping: Clipping, repeats: ReadonlySet<Clipping>): clipping is Placed =>
  clipping.kind === "highlight" &&
  !repeats.has(clipping) &&
  clipping.from !== undefined &&
  clipping.text !== undefined &&
  clipping.text !== "" &&
  clipping.text.length <= CONTENT_MAX;

/** A note that can go with a highlight: it has a place and a text short enough to be a note. */
const attachable = (clipping: Clipping): clipping is Clipping & { from: number; text: string } =>
  clipping.kind === "note" &&
  clipping.from !== undefined &&
  clipping.text !== undefined &&
  clipping.text !== "" &&
  clipping.text.length <= NOTE_MAX;

/** The index of the last highlight starting at or before `place` (-1 for none), by halves. */
function lastStartingBy(highlights: readonly Placed[], place: number): number {
  let low = 0;
  let high = highlights.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((highlights[middle]?.from ?? 0) <= place) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}

/** More entries than any file holds: a highlight that ends at the note beats any one nearer in the file. */
const IMPORT_SPAN = Number.MAX_SAFE_INTEGER / 4;

/**
 * The highlight a note belongs to: of the nearest that hold the note's place, the one that ends there
 * (where the device puts a note written on a highlight), else one it falls inside; of those alike, the
 * nearest to the note in the file.
 */
function highlightOf(highlights: readonly Placed[], note: Clipping & { from: number }): Placed | undefined {
  let best: Placed | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  const last = lastStartingBy(highlights, note.from);
  for (let at = last; at >= Math.max(0, last - NEIGHBOURS + 1); at -= 1) {
    const highlight = highlights[at];
    if (!highlight || highlight.to < note.from) continue;
    const endsThere = highlight.to === note.from ? 0 : 1;
    const score = endsThere * IMPORT_SPAN + Math.abs(highlight.index - note.index);
    if (score < bestScore) {
      best = highlight;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The highlights that can hold a note, of each book that has a note to place, by where they start (then
 * by their place in the file). A file without notes costs one pass.
 */
async function highlightsByBook(
  clippings: readonly Clipping[],
  repeats: ReadonlySet<Clipping>,
  pause: () => Promise<void>,
): Promise<Map<string, Placed[]>> {
  const noted = new Set<string>();
  for (const clipping of clippings) if (attachable(clipping)) noted.add(clipping.book);
  const books = new Map<string, Placed[]>();
  if (noted.size === 0) return books;
  for (const clipping of clippings) {
    await pause();
    if (!noted.has(clipping.book) || !canHoldNote(clipping, repeats)) continue;
    const book = books.get(clipping.book);
    if (book) book.push(clipping);
    else books.set(clipping.book, [clipping]);
  }
  for (const book of books.values()) {
    await pause();
    book.sort((a, b) => a.from - b.from || a.index - b.index);
  }
  return books;
}

/**
 * Kindle's notes on the highlights they were written on: a note goes with the highlight of the same book
 * whose range holds its place (see highlightOf), and its text becomes that highlight's `nota`. Two notes on
 * one highlight are joined in the file's order; a note Kindle wrote again after an edit (one text inside
 * the other) counts once, the later (or the longer, when the later is a part of the earlier). A note that
 * finds no highlight, or would make the joined notes too long for a `nota`, is not attached: it becomes a
 * thought of its own. n log n in all; `pause` is awaited once per clipping, so a long file lets the event
 * loop answer meanwhile.
 */
export async function notesOnHighlights(
  clippings: readonly Clipping[],
  highlightRepeats: ReadonlySet<Clipping>,
  pause: () => Promise<void>,
): Promise<NotesOnHighlights> {
  const books = await highlightsByBook(clippings, highlightRepeats, pause);
  const notesOf = new Map<Clipping, { notes: Clipping[]; length: number }>();
  const repeats = new Set<Clipping>();
  for (const note of books.size === 0 ? [] : clippings) {
    await pause();
    if (!attachable(note)) continue;
    const highlight = highlightOf(books.get(note.book) ?? [], note);
    if (!highlight) continue;
    const held = notesOf.get(highlight) ?? { notes: [], length: -NOTES_JOINED_BY.length };
    notesOf.set(highlight, held);
    const repeated = lastRepeated(held.notes, note);
    const earlier = held.notes[repeated];
    const length = held.length + NOTES_JOINED_BY.length + note.text.length;
    const grown = held.length + note.text.length - (earlier?.text?.length ?? 0);
    if (earlier && note.text.length < (earlier.text?.length ?? 0)) {
      // In the file's order, so `note` is the later: it stays unless it is only a part of the earlier.
      repeats.add(note);
    } else if (earlier && grown <= NOTE_MAX) {
      repeats.add(earlier);
      held.notes[repeated] = note;
      held.length = grown;
    } else if (!earlier && length <= NOTE_MAX) {
      held.notes.push(note);
      held.length = length;
    }
  }
  const noteOf = new Map<Clipping, string>();
  const attached = new Set<Clipping>();
  for (const [highlight, { notes }] of notesOf) {
    if (notes.length === 0) continue;
    noteOf.set(highlight, notes.map((note) => note.text).join(NOTES_JOINED_BY));
    for (const note of notes) attached.add(note);
  }
  return { noteOf, attached, repeats };
}

/**
 * Where among the last NEIGHBOURS notes of a highlight is one that `note` repeats; else -1. Kindle writes
 * an edited note right after the one it replaces, and a highlight can hold thousands of short notes in a
 * hostile file: comparing with each would take time in the square of their number.
 */
function lastRepeated(notes: readonly Clipping[], note: Clipping): number {
  for (let at = notes.length - 1; at >= Math.max(0, notes.length - NEIGHBOURS); at -= 1) {
    const earlier = notes[at];
    if (earlier && isRepeat(earlier, note)) return at;
  }
  return -1;
}
