import { AUTHOR_MAX, PLACE_MAX, SOURCE_MAX } from "../../domain/rules";
import { type Clipping, placeOf } from "./kindle-clippings";
import { addedOn } from "./kindle-dates";
import { readingOrder } from "./kindle-names";

const graphemes = new Intl.Segmenter("pt-BR", { granularity: "grapheme" });

/**
 * The text within `max` UTF-16 units (what the fields' limits count), cut with '…' between characters as
 * a reader sees them: a cut through an emoji's surrogate pair left half a character, which no text may hold.
 */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  let kept = "";
  for (const { segment } of graphemes.segment(text)) {
    if (kept.length + segment.length > max - 1) break;
    kept += segment;
  }
  return `${kept.trimEnd()}…`;
}

/**
 * Who a clipping is by: the title line's author in reading order ('Assis, Machado de' as 'Machado de
 * Assis', see kindle-names.ts), within the author's limit. A book without an author (a personal document)
 * is named by its title, as an author is required.
 */
export function kindleAuthor({ title, author }: Pick<Clipping, "title" | "author">): string {
  const inOrder = author === undefined ? "" : readingOrder(author);
  return shorten(inOrder === "" ? title : inOrder, AUTHOR_MAX);
}

/**
 * A clipping's thought, before the rules check it: its text, its author, the book as `fonte`, where it is
 * as `local`, when it was added as `criadoEm`, the reader's note on it as `nota`, and its labels. Fields
 * the clipping does not tell are left out, so they take their defaults (an import's `criadoEm` is then the
 * import's time).
 */
export function kindleFields(
  clipping: Clipping,
  { text, note, labels }: { text: string; note?: string; labels: string[] },
): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    conteudo: text,
    autoria: kindleAuthor(clipping),
    fonte: shorten(clipping.title, SOURCE_MAX),
    etiquetas: labels,
  };
  const place = placeOf(clipping.meta);
  if (place !== undefined) fields.local = shorten(place, PLACE_MAX);
  if (note !== undefined) fields.nota = note;
  const added = addedOn(clipping.meta);
  if (added !== undefined) fields.criadoEm = added;
  return fields;
}
