import { foldText, searchWords } from "../../domain/search-text";

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
  // Folded [from, to) ranges of every match, in order of where they start.
  const ranges: [number, number][] = [];
  for (const word of searchWords(query ?? "")) {
    for (let at = folded.indexOf(word); at !== -1; at = folded.indexOf(word, at + 1)) {
      ranges.push([at, at + word.length]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const segments: Segment[] = [];
  let cursor = 0;
  let open: [number, number] | undefined;
  const close = () => {
    if (!open) return;
    const from = start[open[0]] ?? cursor;
    const to = end[open[1] - 1] ?? from;
    if (from > cursor) segments.push({ text: text.slice(cursor, from), match: false });
    segments.push({ text: text.slice(from, to), match: true });
    cursor = to;
  };
  for (const range of ranges) {
    if (open && range[0] <= open[1]) open[1] = Math.max(open[1], range[1]);
    else {
      close();
      open = range;
    }
  }
  close();
  if (cursor < text.length || segments.length === 0)
    segments.push({ text: text.slice(cursor), match: false });
  return segments;
}
