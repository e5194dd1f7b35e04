/**
 * Fitting a thought's text into the card's text box: a font size chosen from a few steps, the text wrapped
 * by us into lines, and cut with an ellipsis when even the smallest size cannot hold it. A line's width is
 * the sum of its characters' widths as `Glyphs` gives them: Roboto Mono is monospace (an advance of
 * 1229/2048 em for every glyph of every subset), and what other fonts or emoji pictures draw counts at its
 * font's widest (a CJK ideograph or an emoji 1 em, about two columns). The card is drawn with these lines
 * as they are (`white-space: pre`), never wrapped again by the renderer, so nothing can run past the box.
 */

export const ELLIPSIS = "…";
/** Drawn for a character no font or picture of the card has (a private-use one, say): a visible mark, not a hole. */
export const REPLACEMENT = "\uFFFD";

/** One advance of Roboto Mono, in em, rounded up so that rounding never lets a full line overflow. */
export const CHAR_WIDTH_EM = 0.601;
/** Far below a pixel: the sums of widths may run a hair past a line that holds exactly so many characters. */
const WIDTH_SLACK_EM = 1e-9;

/** What the card can draw, and how wide (glyphs.ts; the tests give stand-ins). */
export interface Glyphs {
  /**
   * The form the card draws a user-perceived character in (`visible` is it without its invisible control and
   * format characters, never empty), or undefined when no font or picture has it.
   */
  drawn(grapheme: string, visible: string): string | undefined;
  /** A drawn character's advance, in em: never less than the font or picture that draws it takes. */
  widthEm(grapheme: string): number;
}

export interface FitStep {
  fontSize: number;
  /** In whole pixels (satori rounds line heights to whole pixels anyway). */
  lineHeight: number;
}

export interface TextBox {
  width: number;
  height: number;
}

export interface FittedText extends FitStep {
  lines: string[];
  /** Each line's paragraph (the author's line breaks), counted from 0: a paragraph may be drawn whole. */
  paragraphOf: number[];
  /** The text went on past the last line, which ends with an ellipsis. */
  truncated: boolean;
}

/** Made on first use: building one loads ICU's break rules, some milliseconds of the server's start. */
let graphemeSegmenter: Intl.Segmenter | undefined;

/**
 * What can join code points into one user-perceived character (UAX #29): marks, joiners and other format
 * characters, emoji modifiers, regional-indicator pairs, Hangul jamo, CR LF. A text with none of them (most
 * texts, once accents are composed) is one character per code point.
 */
const JOINS =
  /[\p{M}\p{Cf}\p{Emoji_Modifier}\p{Regional_Indicator}\u1100-\u11FF\uA960-\uA97F\uD7B0-\uD7FF\r]/u;

/**
 * The user-perceived characters of a text: each takes one column of a monospace font. Intl.Segmenter
 * costs some microseconds per character, 25 ms for a 10,000-character thought, so it is asked only when
 * the text has something that joins.
 */
export function graphemes(text: string): string[] {
  if (!JOINS.test(text)) return Array.from(text);
  graphemeSegmenter ??= new Intl.Segmenter("pt-BR", { granularity: "grapheme" });
  return Array.from(graphemeSegmenter.segment(text), ({ segment }) => segment);
}

const CONTROL_OR_FORMAT = /^[\p{Cc}\p{Cf}]$/u;
const TAB_AS_SPACES = "    ";

/**
 * The text as the card can draw it: line breaks of every kind as \n, tabs as spaces, invisible control and
 * format characters (bidi marks, zero-width spaces) left out, but for the joiners inside an emoji, and a
 * character no font or picture draws as one replacement mark. Spaces at line ends and blank lines at either
 * end are dropped, and a run of blank lines is drawn as one: a paragraph break shows, without ten empty lines
 * pushing the words off the card.
 */
export function drawableText(text: string, glyphs: Glyphs): string {
  const normalized = text
    .normalize("NFC")
    .replace(/\r\n?|[\u2028\u2029\u0085]/g, "\n")
    .replaceAll("\t", TAB_AS_SPACES);
  let out = "";
  for (const grapheme of graphemes(normalized)) {
    if (grapheme === "\n") {
      out += grapheme;
      continue;
    }
    const visible = Array.from(grapheme)
      .filter((char) => !CONTROL_OR_FORMAT.test(char))
      .join("");
    if (visible === "") continue;
    // A cluster is drawn whole or not at all: one mark for an emoji sequence that no picture has.
    out += glyphs.drawn(grapheme, visible) ?? REPLACEMENT;
  }
  return out
    .replace(/[ ]+$/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .replace(/^\n+/, "")
    .trimEnd();
}

const isSpace = (grapheme: string | undefined) => grapheme === " ";

/** A line's width in em. */
export function lineWidthEm(line: string, glyphs: Glyphs): number {
  let width = 0;
  for (const grapheme of graphemes(line)) width += glyphs.widthEm(grapheme);
  return width;
}

/**
 * One paragraph (no \n) in lines at most `room` em wide, breaking after spaces as a browser does (the
 * spaces at a break are dropped), and anywhere inside a word longer than a line (overflow-wrap: anywhere, as
 * on the wall). Stops once `limit` lines are made: a 10,000-character text is not wrapped whole to show its
 * first lines.
 */
function wrapParagraph(paragraph: readonly string[], room: number, glyphs: Glyphs, limit: number): string[] {
  const lines: string[] = [];
  let start = 0;
  while (lines.length < limit) {
    // The characters from `start` that fit; `end` is the first that does not.
    let end = start;
    for (let used = 0; end < paragraph.length; end++) {
      used += glyphs.widthEm(paragraph[end] ?? "");
      if (used > room + WIDTH_SLACK_EM) break;
    }
    if (end >= paragraph.length) {
      lines.push(paragraph.slice(start).join(""));
      break;
    }
    // The last space within reach that has a word before it on the line; none: the word is cut (and a
    // character wider than a whole line, which no font here has, still goes, alone).
    let cut = -1;
    for (let i = end; i > start && cut < 0; i--) {
      if (isSpace(paragraph[i]) && paragraph.slice(start, i).some((g) => !isSpace(g))) cut = i;
    }
    if (cut < 0) cut = Math.max(end, start + 1);
    lines.push(paragraph.slice(start, cut).join("").trimEnd());
    start = cut;
    while (isSpace(paragraph[start])) start++;
  }
  return lines;
}

/**
 * A text's lines at most `room` em wide, the author's line breaks kept; at most `limit` of them. Each line's
 * paragraph is pushed onto `paragraphOf`, when given.
 */
export function wrapText(
  text: string,
  room: number,
  glyphs: Glyphs,
  limit = Number.POSITIVE_INFINITY,
  paragraphOf?: number[],
): string[] {
  const lines: string[] = [];
  for (const [index, paragraph] of text.split("\n").entries()) {
    if (lines.length >= limit) break;
    const wrapped = wrapParagraph(graphemes(paragraph), room, glyphs, limit - lines.length);
    lines.push(...wrapped);
    for (const _ of wrapped) paragraphOf?.push(index);
  }
  return lines;
}

const TRAILING_PUNCTUATION = /[\s.,;:…]+$/u;

/** A line cut to `room` em with an ellipsis at its end, trailing spaces and stops removed. */
export function withEllipsis(line: string, room: number, glyphs: Glyphs): string {
  const kept: string[] = [];
  let used = glyphs.widthEm(ELLIPSIS);
  for (const grapheme of graphemes(line)) {
    used += glyphs.widthEm(grapheme);
    if (used > room + WIDTH_SLACK_EM) break;
    kept.push(grapheme);
  }
  // "disse…", not "disse.…": the ellipsis takes the place of the punctuation it follows.
  return `${kept.join("").replace(TRAILING_PUNCTUATION, "")}${ELLIPSIS}`;
}

/** How many em of a step's size fit across the box. */
export function roomOf(width: number, fontSize: number): number {
  return width / fontSize;
}

/**
 * The largest step at which the whole (drawable) text fits the box; when none does, the smallest step with
 * as many lines as the box holds, the last one ending in an ellipsis. `steps` go from largest to smallest.
 */
export function fitText(text: string, box: TextBox, steps: readonly FitStep[], glyphs: Glyphs): FittedText {
  const rowsOf = (step: FitStep) => Math.max(1, Math.floor(box.height / step.lineHeight));
  for (const step of steps) {
    const rows = rowsOf(step);
    // One line more than fits tells a text that fits from one that does not, without wrapping it all.
    const paragraphOf: number[] = [];
    const lines = wrapText(text, roomOf(box.width, step.fontSize), glyphs, rows + 1, paragraphOf);
    if (lines.length <= rows) return { ...step, lines, paragraphOf, truncated: false };
  }
  const smallest = steps.at(-1);
  if (!smallest) throw new Error("fitText needs at least one step");
  const room = roomOf(box.width, smallest.fontSize);
  const paragraphOf: number[] = [];
  const lines = wrapText(text, room, glyphs, rowsOf(smallest), paragraphOf);
  // The ellipsis goes after the last words shown, not alone on a blank line between two paragraphs.
  while (lines.length > 1 && lines.at(-1) === "") lines.pop();
  paragraphOf.length = lines.length;
  lines[lines.length - 1] = withEllipsis(lines.at(-1) ?? "", room, glyphs);
  return { ...smallest, lines, paragraphOf, truncated: true };
}

/** A one-line text (the author): breaks become spaces, and what does not fit ends in an ellipsis. */
export function fitLine(text: string, room: number, glyphs: Glyphs): string {
  const line = text.replace(/\s+/g, " ").trim();
  return lineWidthEm(line, glyphs) > room + WIDTH_SLACK_EM ? withEllipsis(line, room, glyphs) : line;
}
