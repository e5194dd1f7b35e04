import type { Thought } from "../../domain/contract";
import {
  MODEL_COLOUR,
  PRIMARY,
  QUOTE_MARK,
  QUOTE_VIEWBOX,
  type Shape,
  WORDMARK_QUOTES,
  WORDMARK_VIEWBOX,
} from "./art";
import { isRightToLeft, visualPieces } from "./bidi-pieces";
import { MARK_FONT } from "./fonts";
import {
  drawableText,
  type FitStep,
  type FittedText,
  fitLine,
  fitText,
  type Glyphs,
  roomOf,
} from "./text-fit";

/**
 * The shared card as an element tree for satori (plain `{type, props}` objects, no JSX): the card as the
 * wall draws it, scaled up to fill a 1200×630 link-preview image. On the wall a card is 262
 * or 556 px wide with an 8 px shadow; here it is about 1100 px wide, so every measure is about doubled.
 */

export type CardThought = Pick<Thought, "id" | "conteudo" | "autoria" | "modelo">;

/** The usual size of a link preview (Open Graph, X, WhatsApp). */
export const IMAGE = { width: 1200, height: 630 } as const;

const PAGE_BACKGROUND = "#FFFFFF";
const CARD_BACKGROUND = "#F8F9FE";
const TEXT = "#1B1B1F";

const MARGIN = 40;
const SHADOW = 16;
const PADDING = 48;
const GAP = 24;
const QUOTE_SCALE = 1.5;
const HEADER_HEIGHT = QUOTE_VIEWBOX.height * QUOTE_SCALE;
/** The author's line follows the text's size, a little smaller as on the wall; this much height is kept for it. */
const AUTHOR_LINE_MAX = 44;
const authorStyle = ({ fontSize }: FitStep): FitStep => {
  const size = Math.min(32, Math.max(20, Math.round(fontSize * 0.8)));
  return { fontSize: size, lineHeight: Math.round(size * 1.375) };
};

const CARD = { width: IMAGE.width - 2 * MARGIN - SHADOW, height: IMAGE.height - 2 * MARGIN - SHADOW };
const INNER_WIDTH = CARD.width - 2 * PADDING;

/** What is left for the thought's text once the picture, the author and the gaps are placed. */
export const TEXT_BOX = {
  width: INNER_WIDTH,
  height: CARD.height - 2 * PADDING - HEADER_HEIGHT - AUTHOR_LINE_MAX - 2 * GAP,
} as const;

/**
 * Where the text and its author are drawn, in the image's pixels: under the picture, inside the card's
 * padding. Right of it is the card's padding, where no text may reach.
 */
export const TEXT_AREA = {
  left: MARGIN + PADDING,
  top: MARGIN + PADDING + HEADER_HEIGHT + GAP,
  right: MARGIN + PADDING + INNER_WIDTH,
  bottom: MARGIN + CARD.height - PADDING,
} as const;

/** From a short quote in large type down to a long text in small type; past the last, an ellipsis. */
export const TEXT_STEPS: readonly FitStep[] = [
  { fontSize: 56, lineHeight: 80 },
  { fontSize: 44, lineHeight: 64 },
  { fontSize: 36, lineHeight: 54 },
  { fontSize: 28, lineHeight: 42 },
  { fontSize: 22, lineHeight: 33 },
];

type Style = Record<string, string | number>;

/** A satori element: `key` makes it a React element in satori's types, without React. */
export interface CardNode {
  type: string;
  key: null;
  props: { style?: Style; children?: CardChild | CardChild[]; [attribute: string]: unknown };
}
type CardChild = CardNode | string;

function el(type: string, props: Omit<CardNode["props"], "children">, ...children: CardChild[]): CardNode {
  return { type, key: null, props: { ...props, children } };
}

const div = (style: Style, ...children: CardChild[]) => el("div", { style }, ...children);

function svg(shapes: readonly Shape[], viewBox: string, width: number, height: number): CardNode {
  const drawn = shapes.map((shape) => el(shape.type, shape.attributes));
  return el("svg", { viewBox, width, height }, ...drawn);
}

/** The small 'MEMOTECA' wordmark, as in the header: the two marks and the name in Inter bold. */
function wordmark(): CardNode {
  const { x, y, width, height } = WORDMARK_VIEWBOX;
  const markHeight = 22;
  return div(
    { display: "flex", alignItems: "center", gap: 10 },
    svg([WORDMARK_QUOTES], `${x} ${y} ${width} ${height}`, (markHeight * width) / height, markHeight),
    div(
      { fontFamily: MARK_FONT, fontWeight: 700, fontSize: 22, letterSpacing: 3, color: PRIMARY },
      "MEMOTECA",
    ),
  );
}

/** The card's text and author as drawn: fitted into their boxes, in the characters the card can draw. */
export interface CardText {
  text: FittedText;
  author: string;
  authorStep: FitStep;
}

export function fitCard(thought: CardThought, glyphs: Glyphs): CardText {
  const text = fitText(drawableText(thought.conteudo, glyphs), TEXT_BOX, TEXT_STEPS, glyphs);
  const authorStep = authorStyle(text);
  const author = fitLine(
    drawableText(thought.autoria, glyphs),
    roomOf(INNER_WIDTH, authorStep.fontSize),
    glyphs,
  );
  return { text, author, authorStep };
}

/**
 * One line as it is (`white-space: pre`), or, when it holds Hebrew or Arabic, its pieces side by side in the
 * order they show (bidi-pieces.ts), each in a box of its own: satori would join neighbouring texts into one.
 */
function line(content: string, style: Style, direction: "ltr" | "rtl" = "ltr"): CardNode {
  const pieces = visualPieces(content, direction);
  // A right-to-left line ends at the right, as on the wall (dir="auto").
  const lineStyle: Style = { display: "flex", whiteSpace: "pre", ...style };
  if (direction === "rtl") lineStyle.justifyContent = "flex-end";
  if (!pieces) return div(lineStyle, ...(content ? [content] : []));
  return div(lineStyle, ...pieces.map((piece) => div({ display: "flex" }, piece.text)));
}

const LETTER_LEFT_TO_RIGHT = /[\p{L}]/u;
/** The gap between two words of a right-to-left paragraph: no wider than the space the fitting counted. */
const RTL_SPACE_EM = 0.3;

/**
 * A right-to-left paragraph, drawn whole at the text box's width: its words from the right, wrapped by
 * satori, which measures each word as drawn. The fitting (text-fit.ts) counts every Hebrew or Arabic letter
 * at its widest, so its own lines of such a text filled about half the card; its count of lines stays an
 * upper bound of what is drawn here, so the paragraph still fits the box. Each word is a box of its own, its
 * pieces in the order they show (a full stop on its left); a run of left-to-right words (a name in Latin
 * letters) stays one box, read from the left.
 */
function rightToLeftParagraph(paragraph: string, style: Style, fontSize: number): CardNode {
  const items: string[] = [];
  let leftToRight = false;
  for (const word of paragraph.split(" ").filter((w) => w !== "")) {
    const latin = !isRightToLeft(word) && LETTER_LEFT_TO_RIGHT.test(word) && !visualPieces(word);
    if (latin && leftToRight) items[items.length - 1] += ` ${word}`;
    else items.push(word);
    leftToRight = latin;
  }
  return div(
    {
      display: "flex",
      flexDirection: "row-reverse",
      flexWrap: "wrap",
      width: TEXT_BOX.width,
      // A space of the Hebrew and Arabic fonts (about a quarter of an em), not the monospace one.
      columnGap: Math.round(fontSize * RTL_SPACE_EM),
    },
    ...items.map((item) => line(item, style, "rtl")),
  );
}

/** The text's lines, each paragraph that reads from the right drawn whole (see rightToLeftParagraph). */
function textLines(text: FittedText, style: Style): CardNode[] {
  const drawn: CardNode[] = [];
  for (let start = 0; start < text.lines.length; ) {
    const paragraph = text.paragraphOf[start];
    let end = start + 1;
    while (end < text.lines.length && text.paragraphOf[end] === paragraph) end++;
    const lines = text.lines.slice(start, end);
    const whole = lines.join(" ");
    if (isRightToLeft(whole)) drawn.push(rightToLeftParagraph(whole, style, text.fontSize));
    else drawn.push(...lines.map((content) => line(content, style)));
    start = end;
  }
  return drawn;
}

/**
 * The card of a thought, its text fitted by `fitCard`; `fontFamily` lists the card's font and the fallback
 * fonts that draw what it lacks (glyphs.ts).
 */
export function cardTree(
  thought: CardThought,
  { text, author, authorStep }: CardText,
  fontFamily: string,
): CardNode {
  const lineStyle = (step: FitStep): Style => ({
    height: step.lineHeight,
    lineHeight: `${step.lineHeight}px`,
  });
  const colour = MODEL_COLOUR[thought.modelo];
  const quote = svg(
    QUOTE_MARK[thought.modelo],
    `0 0 ${QUOTE_VIEWBOX.width} ${QUOTE_VIEWBOX.height}`,
    QUOTE_VIEWBOX.width * QUOTE_SCALE,
    HEADER_HEIGHT,
  );

  return div(
    {
      display: "flex",
      width: IMAGE.width,
      height: IMAGE.height,
      padding: MARGIN,
      boxSizing: "border-box",
      backgroundColor: PAGE_BACKGROUND,
      fontFamily,
      color: TEXT,
    },
    div(
      {
        display: "flex",
        flexDirection: "column",
        width: CARD.width,
        height: CARD.height,
        padding: PADDING,
        boxSizing: "border-box",
        gap: GAP,
        backgroundColor: CARD_BACKGROUND,
        boxShadow: `${SHADOW}px ${SHADOW}px 0 ${colour}`,
      },
      div(
        { display: "flex", justifyContent: "space-between", alignItems: "flex-start", height: HEADER_HEIGHT },
        quote,
        wordmark(),
      ),
      // The text and its author as one group, centred in the space under the picture: a short quote is
      // not left hanging at the top of an empty card.
      div(
        { display: "flex", flexDirection: "column", justifyContent: "center", gap: GAP, flexGrow: 1 },
        div(
          {
            display: "flex",
            flexDirection: "column",
            width: TEXT_BOX.width,
            // At most this tall: a right-to-left paragraph may take fewer lines than counted.
            maxHeight: text.lines.length * text.lineHeight,
            fontSize: text.fontSize,
          },
          ...textLines(text, lineStyle(text)),
        ),
        line(
          author,
          {
            ...lineStyle(authorStep),
            fontSize: authorStep.fontSize,
            fontWeight: 700,
            color: PRIMARY,
          },
          isRightToLeft(author) ? "rtl" : "ltr",
        ),
      ),
    ),
  );
}
