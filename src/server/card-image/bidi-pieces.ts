import bidiFactory from "bidi-js";
import { graphemes } from "./text-fit";

/**
 * A line holding Hebrew or Arabic, cut into pieces in the order they show from left to right, as the wall
 * shows the line (the Unicode bidirectional algorithm with a left-to-right paragraph, as the page has no
 * `dir`): "Olá שלום עולם" is "Olá", then "עולם", then "שלום". Satori shapes each right-to-left word
 * correctly (HarfBuzz joins the Arabic letters and lays the word out from the right) but places several of
 * them in one text wrongly and loses the spaces between them; so each right-to-left word is a piece of its
 * own, in its logical order, for satori to shape, and the pieces are laid side by side in visual order.
 */

export interface LinePiece {
  text: string;
  /** A right-to-left word, in logical order: satori draws it from the right. */
  rtl: boolean;
}

const RIGHT_TO_LEFT = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;
const STRONG_RIGHT_TO_LEFT =
  /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
/** Emoji and other pictures: never inside a word that HarfBuzz shapes. */
const PICTURE = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3/u;
/** A space within a line: satori drops a piece made only of plain spaces, not one of no-break spaces. */
const SPACE = "\u00A0";

let bidi: ReturnType<typeof bidiFactory> | undefined;

/** Stand-ins of one UTF-16 unit for characters of two: bidi-js reads a string unit by unit. */
const STAND_IN: Partial<Record<string, string>> = {
  L: "a",
  R: "\u05D0",
  AL: "\u0627",
  EN: "0",
  AN: "\u0660",
  NSM: "\u0300",
  BN: "\u200B",
};

function oneUnitPerUnit(line: string, engine: NonNullable<typeof bidi>): string {
  let out = "";
  for (const char of line) {
    if (char.length === 1) out += char;
    else out += (STAND_IN[engine.getBidiCharTypeName(char)] ?? "\uFFFC").repeat(char.length);
  }
  return out;
}

/**
 * Whether a paragraph reads from the right, as `dir="auto"` decides on the wall: its first letter of a
 * strong direction is Hebrew, Arabic or another right-to-left script.
 */
export function isRightToLeft(paragraph: string): boolean {
  if (!RIGHT_TO_LEFT.test(paragraph)) return false;
  bidi ??= bidiFactory();
  for (const char of paragraph) {
    const type = bidi.getBidiCharTypeName(char);
    if (type === "L") return false;
    if (type === "R" || type === "AL") return true;
  }
  return false;
}

/**
 * The line's pieces from left to right, in a paragraph of the given direction (a left-to-right one unless
 * said); undefined when it holds nothing right-to-left.
 */
export function visualPieces(line: string, direction: "ltr" | "rtl" = "ltr"): LinePiece[] | undefined {
  if (!RIGHT_TO_LEFT.test(line)) return undefined;
  bidi ??= bidiFactory();
  const units = oneUnitPerUnit(line, bidi);
  const levels = bidi.getEmbeddingLevels(units, direction);

  // The line's characters (graphemes), each with its first UTF-16 unit, and in visual order.
  const clusters: { text: string; start: number; index: number }[] = [];
  const clusterAt: number[] = [];
  let offset = 0;
  for (const text of graphemes(line)) {
    for (let i = 0; i < text.length; i++) clusterAt.push(clusters.length);
    clusters.push({ text, start: offset, index: clusters.length });
    offset += text.length;
  }
  const visual: typeof clusters = [];
  for (const unit of bidi.getReorderedIndices(units, levels)) {
    const cluster = clusters[clusterAt[unit] ?? 0];
    if (cluster && visual.at(-1) !== cluster) visual.push(cluster);
  }

  const pieces: { rtl: boolean; clusters: typeof clusters }[] = [];
  for (const cluster of visual) {
    const odd = ((levels.levels[cluster.start] ?? 0) & 1) === 1;
    // Letters only: satori lays out punctuation after a right-to-left word on the wrong side of it.
    const rtl = odd && STRONG_RIGHT_TO_LEFT.test(cluster.text) && !PICTURE.test(cluster.text);
    const last = pieces.at(-1);
    // A right-to-left piece grows leftwards in the text: each next cluster on screen comes before it.
    if (last?.rtl === rtl && (!rtl || last.clusters.at(-1)?.index === cluster.index + 1))
      last.clusters.push(cluster);
    else pieces.push({ rtl, clusters: [cluster] });
  }

  return pieces.map(({ rtl, clusters: inPiece }) => {
    if (rtl)
      return {
        rtl,
        text: inPiece
          .map(({ text }) => text)
          .reverse()
          .join(""),
      };
    // In visual order already; a bracket inside right-to-left text turns round, as the browser draws it.
    const drawn = inPiece.map(({ text, start }) => {
      if (text === " ") return SPACE;
      const odd = ((levels.levels[start] ?? 0) & 1) === 1;
      return (odd && bidi?.getMirroredCharacter(text)) || text;
    });
    return { rtl, text: drawn.join("") };
  });
}
