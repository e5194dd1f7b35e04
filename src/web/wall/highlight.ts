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

/**
 * The text cut into plain and matching pieces: every occurrence of each word of the query (as the API
 * matches them, see searchWords), ignoring accents and case; overlapping or touching matches make one piece.
 */
export function splitMatches(text: string, query: string | undefined): Segment[] {
  const { folded, start, end } = foldWithMap(text);
  // Which folded units some word covers.
  const marked: boolean[] = [];
  // The API's words (searchWords), repeats and all: a repeat marks nothing more.
  for (const word of foldText(query ?? "").match(/\S+/g) ?? []) {
    for (let at = folded.indexOf(word); at !== -1; at = folded.indexOf(word, at + 1)) {
      for (let unit = at; unit < at + word.length; unit++) marked[unit] = true;
    }
  }
  const segments: Segment[] = [];
  let cursor = 0;
  for (let unit = 0; unit < folded.length; unit++) {
    if (!marked[unit] || marked[unit - 1]) continue;
    let last = unit;
    while (marked[last + 1]) last++;
    const from = start[unit] ?? cursor;
    const to = end[last] ?? from;
    if (from > cursor) segments.push({ text: text.slice(cursor, from), match: false });
    segments.push({ text: text.slice(from, to), match: true });
    cursor = to;
  }
  if (cursor < text.length || segments.length === 0)
    segments.push({ text: text.slice(cursor), match: false });
  return segments;
}
