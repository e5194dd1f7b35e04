import { foldText } from "../../domain/search-text";

export interface Segment {
  text: string;
  match: boolean;
}

interface FoldedText {
  folded: string;
  /** For each folded UTF-16 unit, where its source character starts and ends in the original text. */
  start: number[];
  end: number[];
}

/**
 * Folds like the server (accents and case) one character at a time, so that every folded position can be
 * traced back to the original text: "Coração" folds to "coracao" and the "ca" of the fold is the "çã".
 */
function foldWithMap(text: string): FoldedText {
  let folded = "";
  const start: number[] = [];
  const end: number[] = [];
  let index = 0;
  for (const char of text) {
    const piece = foldText(char);
    if (piece === "" && end.length > 0) {
      // A lone combining mark belongs to the letter before it.
      end[end.length - 1] = index + char.length;
    }
    for (let unit = 0; unit < piece.length; unit++) {
      start.push(index);
      end.push(index + char.length);
    }
    folded += piece;
    index += char.length;
  }
  return { folded, start, end };
}

/** The text cut into plain and matching pieces, for every occurrence of the query, ignoring accents and case. */
export function splitMatches(text: string, query: string | undefined): Segment[] {
  const needle = query ? foldWithMap(query).folded : "";
  if (!needle) return [{ text, match: false }];
  const { folded, start, end } = foldWithMap(text);
  const segments: Segment[] = [];
  let cursor = 0;
  let found = folded.indexOf(needle);
  while (found !== -1) {
    const from = start[found] ?? cursor;
    const to = end[found + needle.length - 1] ?? from;
    if (from > cursor) segments.push({ text: text.slice(cursor, from), match: false });
    segments.push({ text: text.slice(from, to), match: true });
    cursor = to;
    found = folded.indexOf(needle, found + needle.length);
  }
  if (cursor < text.length || segments.length === 0)
    segments.push({ text: text.slice(cursor), match: false });
  return segments;
}
