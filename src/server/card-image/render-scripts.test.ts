import { describe, expect, it } from "vitest";
import {
  colourIn,
  differencesIn,
  inkIn,
  type Pixels,
  pixelsOf,
} from "../../../test-support/server/png-pixels";
import { TEXT_AREA } from "./layout";
import { renderCardPng } from "./render";
import { graphemes, REPLACEMENT } from "./text-fit";

/**
 * The share image draws what the card on the wall shows: emoji in colour, symbols, Chinese, Japanese, Hebrew
 * and Arabic in fonts that have them. A character no font has is drawn as a replacement mark, or by a font
 * as its empty box: either way the same shape for every character. So each script is drawn twice, with the
 * same characters in another order (or others of the same count), and the two must differ, and differ from
 * as many replacement marks.
 */

const draw = async (conteudo: string): Promise<Pixels> =>
  pixelsOf(await renderCardPng({ id: 1, conteudo, autoria: "", modelo: "modelo1" }));

const asMarks = (text: string) =>
  graphemes(text)
    .map((grapheme) => (grapheme === " " ? " " : REPLACEMENT))
    .join("");

/** Two texts of one script, of as many characters each (spaces in the same places). */
const SCRIPTS: Record<string, [string, string]> = {
  emoji: ["☀️🌻💙", "👋🏽🇧🇷👨‍👩‍👧"],
  symbols: ["✓ ★ ♥", "♥ ✓ ★"],
  chinese: ["千里之行", "始于足下"],
  japanese: ["ひらがなです", "カタカナです"],
  korean: ["안녕 세계", "세계 안녕"],
  hebrew: ["שלום עולם", "עולם שלום"],
  arabic: ["سلام كلام", "كلام سلام"],
};

/** Enough pixels to be a glyph's worth at the card's largest size, not a stray edge. */
const SOME = 400;

describe("renderCardPng, for each script", () => {
  for (const [script, [text, other]] of Object.entries(SCRIPTS)) {
    it(`draws ${script} with its own glyphs, not one mark or box for every character`, async () => {
      expect(asMarks(text)).toBe(asMarks(other));
      const [drawn, reordered, marks] = await Promise.all([draw(text), draw(other), draw(asMarks(text))]);
      expect(inkIn(drawn, TEXT_AREA) + colourIn(drawn, TEXT_AREA)).toBeGreaterThan(SOME);
      expect(differencesIn(drawn, reordered, TEXT_AREA)).toBeGreaterThan(SOME);
      expect(differencesIn(drawn, marks, TEXT_AREA)).toBeGreaterThan(SOME);
    });
  }

  it("draws emoji in colour, and the marks of the same text in grey", async () => {
    const [emoji, marks] = await Promise.all([draw("☀️🌻💙"), draw(asMarks("☀️🌻💙"))]);
    expect(colourIn(emoji, TEXT_AREA)).toBeGreaterThan(SOME);
    expect(colourIn(marks, TEXT_AREA)).toBe(0);
  });

  it("draws the same bytes for the same text in another script, every time", async () => {
    const thought = { id: 2, conteudo: "你好 ☀️ שלום ✓", autoria: "老子 🌻", modelo: "modelo3" } as const;
    const first = await renderCardPng(thought);
    expect((await renderCardPng({ ...thought })).equals(first)).toBe(true);
  });
});

describe("renderCardPng's fit of wide characters", () => {
  /** The card's right padding (48 px) beside the text: the text must never reach into it. */
  const RIGHT_PADDING = { ...TEXT_AREA, left: TEXT_AREA.right + 1, right: TEXT_AREA.right + 40 };
  const LONG: Record<string, string> = {
    chinese: "千里之行，始于足下。".repeat(80),
    fullwidth: "ＷＷＷ ".repeat(150),
    emoji: "🌻💙☀️ ".repeat(150),
    hebrew: "שששש ".repeat(150),
    arabic: "ضصض صضص ".repeat(100),
    symbols: "★✓♥☀ ".repeat(150),
  };

  for (const [script, text] of Object.entries(LONG)) {
    it(`keeps a long text in ${script} inside the card`, async () => {
      const card = await draw(text);
      expect(inkIn(card, TEXT_AREA) + colourIn(card, TEXT_AREA)).toBeGreaterThan(SOME);
      expect(inkIn(card, RIGHT_PADDING) + colourIn(card, RIGHT_PADDING)).toBe(0);
    });
  }
});
