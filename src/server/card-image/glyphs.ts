import { emojiFileNames, emojiNames, emojiPicture } from "./emoji";
import type { CardFont } from "./engines";
import { type FallbackChunk, fallbackChunks, loadChunk } from "./fallback-fonts";
import { CARD_FONT, cardFonts } from "./fonts";
import { CHAR_WIDTH_EM, type Glyphs, graphemes } from "./text-fit";
import { indexRanges } from "./unicode-ranges";

/**
 * How the card draws each character, decided from code points before satori lays anything out: in Roboto
 * Mono, in a fallback font (fallback-fonts.ts), as an emoji picture (emoji.ts), or not at all (a
 * replacement mark). The text fitting (text-fit.ts) takes each one's width from here, and the drawing
 * reads the fonts and pictures that the card's lines need, and only those.
 *
 * Not satori's `loadAdditionalAsset`, which would choose the same fonts after the layout began: the lines are
 * cut before satori sees them (it never wraps them), so what draws each character and how wide it is must be
 * known first anyway. And the hook cannot keep a card's bytes a function of its text: satori asks it only for
 * characters the fonts loaded so far lack, and adds its fonts to a loader shared by every later card drawn
 * with the same base fonts. The fallback files overlap (★ and ♥ have glyphs in both symbol fonts, in a
 * Noto Sans SC file and in a KR one; 骨 in SC and KR files), so after a Korean card a Chinese text would take
 * some characters from the Korean design, and a ★ would come from whichever file an earlier card read. Here
 * every file that declares a character is read with it, and the family list orders them the same for every
 * card.
 */

type Drawing =
  | { by: "card" }
  | { by: "font"; chunks: readonly FallbackChunk[] }
  | { by: "picture"; name: string };

/** What the drawing of some lines needs, for satori's `fonts` and `graphemeImages`. */
export interface CardAssets {
  /**
   * The card's fonts and every fallback file read so far: one array until another file is read, which lets
   * satori keep its parsed fonts (it caches them by the array).
   */
  fonts: CardFont[];
  /** Each emoji of the lines, as written, to its picture. */
  images: Record<string, string>;
}

export interface CardGlyphs extends Glyphs {
  /** The text's font-family list: Roboto Mono's subsets, then each fallback file, in the order looked up. */
  fontFamily: string;
  assets(lines: readonly string[]): Promise<CardAssets>;
}

/** Wants a picture: an emoji by default, or made one by its selector, skin tone, joiner, flag or keycap. */
const EMOJI_STYLE =
  /\p{Emoji_Presentation}|\uFE0F|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u200D|\u20E3|[\u{E0020}-\u{E007F}]/u;
const PICTOGRAPHIC = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3/u;
const VARIATION_SELECTOR = /[\uFE0E\uFE0F]/gu;

/**
 * Upper bounds of the fallback fonts' advances, in em, measured on their files: CJK ideographs, kana and
 * fullwidth forms are 1 em wide (as are the emoji pictures), Hebrew letters at most 0.84, Arabic letters at
 * most 1.31 alone (joined, less), its presentation-form ligatures up to 2.35 and ﷽ 9.78, and the symbol
 * fonts up to 1.62 (ⅷ; ✓ is 0.83, ★ 0.96).
 */
const WIDE =
  /[\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uA960-\uA97F\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6\u{1F200}-\u{1F2FF}\u{20000}-\u{3FFFD}]/u;
const HEBREW = /[\u0590-\u05FF\uFB1D-\uFB4F]/u;
const ARABIC_LIGATURE = /[\uFB50-\uFDFF]/u;
const ARABIC = /[\u0600-\u08FF\uFE70-\uFEFF]/u;

function fallbackWidthEm(char: string): number {
  if (WIDE.test(char)) return 1;
  if (HEBREW.test(char)) return 0.85;
  if (char === "\uFDFD") return 9.8;
  if (ARABIC_LIGATURE.test(char)) return 2.4;
  if (ARABIC.test(char)) return 1.35;
  return 1.65;
}

async function load(): Promise<CardGlyphs> {
  const [base, chunks, pictureNames] = await Promise.all([cardFonts(), fallbackChunks(), emojiNames()]);
  const fallbacksOf = indexRanges(chunks.map((chunk) => ({ owner: chunk, ranges: chunk.ranges })));
  const order = new Map(chunks.map((chunk, i) => [chunk, i]));

  const pictureOf = (grapheme: string): Drawing | undefined => {
    const name = emojiFileNames(grapheme).find((candidate) => pictureNames.has(candidate));
    return name === undefined ? undefined : { by: "picture", name };
  };

  /** Every character in Roboto Mono, else each in some fallback file (all the files that declare it). */
  const fontsOf = (text: string): Drawing | undefined => {
    const found = new Set<FallbackChunk>();
    for (const char of text) {
      const codePoint = char.codePointAt(0) ?? 0;
      if (base.covers(codePoint)) continue;
      const owners = fallbacksOf(codePoint);
      if (owners.length === 0) return undefined;
      for (const owner of owners) found.add(owner);
    }
    return found.size === 0 ? { by: "card" } : { by: "font", chunks: [...found] };
  };

  /**
   * A character as the browser shows it: an emoji-style one as a picture when the set has it; a text-style
   * one (✓, ★, ♥ and ☀ without a selector) in a font, else as a picture.
   */
  const drawingOf = (grapheme: string): Drawing | undefined => {
    if (grapheme.length === 1 && grapheme.charCodeAt(0) <= 0xff) {
      return base.covers(grapheme.charCodeAt(0)) ? { by: "card" } : undefined;
    }
    const emojiStyle = !grapheme.includes("\uFE0E") && EMOJI_STYLE.test(grapheme);
    if (emojiStyle && PICTOGRAPHIC.test(grapheme)) {
      const picture = pictureOf(grapheme);
      if (picture) return picture;
    }
    const text = grapheme.replace(VARIATION_SELECTOR, "");
    return (text && fontsOf(text)) || (PICTOGRAPHIC.test(grapheme) ? pictureOf(text) : undefined);
  };

  const loadedByChunk = new Map<FallbackChunk, CardFont>();
  let fonts = base.fonts;

  return {
    fontFamily: [CARD_FONT, ...chunks.map((chunk) => `"${chunk.family}"`)].join(", "),

    drawn(grapheme, visible) {
      if (drawingOf(grapheme)?.by === "picture") return grapheme;
      const text = visible.replace(VARIATION_SELECTOR, "");
      return text && drawingOf(text) ? text : undefined;
    },

    widthEm(grapheme) {
      if (grapheme.length === 1 && grapheme.charCodeAt(0) <= 0xff) return CHAR_WIDTH_EM;
      const drawing = drawingOf(grapheme);
      if (drawing?.by === "picture") return 1;
      let width = CHAR_WIDTH_EM;
      for (const char of grapheme) {
        if (!base.covers(char.codePointAt(0) ?? 0)) width = Math.max(width, fallbackWidthEm(char));
      }
      return width;
    },

    async assets(lines) {
      const needed = new Set<FallbackChunk>();
      const pictures = new Map<string, string>();
      for (const line of lines) {
        for (const grapheme of graphemes(line)) {
          const drawing = drawingOf(grapheme);
          if (drawing?.by === "font") for (const chunk of drawing.chunks) needed.add(chunk);
          if (drawing?.by === "picture") pictures.set(grapheme, drawing.name);
        }
      }
      const [neededFonts, images] = await Promise.all([
        Promise.all([...needed].map(async (chunk) => [chunk, await loadChunk(chunk)] as const)),
        Promise.all(
          [...pictures].map(async ([grapheme, name]) => [grapheme, await emojiPicture(name)] as const),
        ),
      ]);
      const added = neededFonts.filter(([chunk]) => !loadedByChunk.has(chunk));
      if (added.length > 0) {
        for (const [chunk, font] of added) loadedByChunk.set(chunk, font);
        const inOrder = [...loadedByChunk].sort(([a], [b]) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
        fonts = [...base.fonts, ...inOrder.map(([, font]) => font)];
      }
      return { fonts, images: Object.fromEntries(images) };
    },
  };
}

let loading: Promise<CardGlyphs> | undefined;

/** Built once, on the first card (never at start-up); a failed build is tried again next time. */
export function cardGlyphs(): Promise<CardGlyphs> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
