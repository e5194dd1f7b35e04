import { describe, expect, it } from "vitest";
import { emojiFileNames } from "./emoji";
import { fallbackChunks } from "./fallback-fonts";
import { cardGlyphs } from "./glyphs";
import { CHAR_WIDTH_EM } from "./text-fit";

/** What the card draws for a grapheme with nothing invisible in it. */
const drawnAs = async (grapheme: string) => (await cardGlyphs()).drawn(grapheme, grapheme);

describe("emojiFileNames", () => {
  it("names an emoji as Twemoji does: code points in hex, then without the emoji selector", () => {
    expect(emojiFileNames("🌻")).toEqual(["1f33b"]);
    expect(emojiFileNames("☀️")).toEqual(["2600-fe0f", "2600"]);
    expect(emojiFileNames("1️⃣")).toEqual(["31-fe0f-20e3", "31-20e3"]);
    expect(emojiFileNames("👋🏽")).toEqual(["1f44b-1f3fd"]);
    expect(emojiFileNames("👁️‍🗨️")).toEqual(["1f441-fe0f-200d-1f5e8-fe0f", "1f441-200d-1f5e8"]);
  });
});

describe("cardGlyphs", () => {
  it("draws emoji, joined sequences, skin tones, flags and keycaps as pictures, 1 em wide", async () => {
    const glyphs = await cardGlyphs();
    for (const emoji of ["☀️", "🌻", "💙", "👨‍👩‍👧", "👋🏽", "🇧🇷", "1️⃣", "🏳️‍🌈", "👁️‍🗨️"]) {
      expect(await drawnAs(emoji), emoji).toBe(emoji);
      expect(glyphs.widthEm(emoji), emoji).toBe(1);
    }
  });

  it("draws text-style symbols in a font, as the browser does, and a selector's emoji as a picture", async () => {
    for (const symbol of ["✓", "★", "♥", "☀"]) expect(await drawnAs(symbol), symbol).toBe(symbol);
    // ♥ with the text selector is drawn as ♥ in a font; ♥️ (emoji selector) as the picture.
    expect(await drawnAs("♥\uFE0E")).toBe("♥");
    expect(await drawnAs("♥\uFE0F")).toBe("♥\uFE0F");
  });

  it("draws Chinese, Japanese, Korean, Hebrew and Arabic, and nothing for an unknown sequence", async () => {
    for (const char of ["你", "骨", "あ", "カ", "한", "ㄱ", "ש", "ض", "ç", "ж"])
      expect(await drawnAs(char), char).toBe(char);
    expect(await drawnAs("\u{E000}")).toBeUndefined();
  });

  it("draws all of Hangul from the Korean font, none from the Chinese one that declares a few syllables", async () => {
    const glyphs = await cardGlyphs();
    const korean = await glyphs.assets(["안녕하세요 세계", "가 각 힣"]);
    expect(korean.fonts.some((font) => font.name.startsWith("Noto Sans KR"))).toBe(true);
    const chinese = (await fallbackChunks()).filter((chunk) => chunk.family.startsWith("Noto Sans SC"));
    expect(chinese.length).toBeGreaterThan(0);
    for (const syllable of ["가", "안", "한", "힣"]) {
      const code = syllable.codePointAt(0) ?? 0;
      expect(
        chinese.some((chunk) => chunk.ranges.some(([from, to]) => code >= from && code <= to)),
        syllable,
      ).toBe(false);
    }
    expect(glyphs.widthEm("한")).toBe(1);
  });

  it("measures each character at least as wide as its font draws it", async () => {
    const glyphs = await cardGlyphs();
    expect(glyphs.widthEm("a")).toBe(CHAR_WIDTH_EM);
    expect(glyphs.widthEm("ç")).toBe(CHAR_WIDTH_EM);
    expect(glyphs.widthEm("你")).toBe(1);
    expect(glyphs.widthEm("あ")).toBe(1);
    // Noto Sans Hebrew's widest letter is 0.84 em, Arabic's 1.31, ✓ 0.83.
    expect(glyphs.widthEm("ש")).toBeGreaterThanOrEqual(0.84);
    expect(glyphs.widthEm("ص")).toBeGreaterThanOrEqual(1.31);
    expect(glyphs.widthEm("✓")).toBeGreaterThanOrEqual(0.83);
  });

  it("reads the fonts and pictures a card's lines need, and keeps the fonts' array while none is added", async () => {
    const glyphs = await cardGlyphs();
    const withChinese = await glyphs.assets(["千里之行", "老子"]);
    expect(withChinese.fonts.some((font) => font.name.startsWith("Noto Sans SC"))).toBe(true);
    expect(withChinese.images).toEqual({});
    // The same characters again, in another order: nothing more to read.
    expect((await glyphs.assets(["行之里千子老"])).fonts).toBe(withChinese.fonts);
    const withEmoji = await glyphs.assets(["Bom dia ☀️🌻", ""]);
    expect(Object.keys(withEmoji.images).sort()).toEqual(["☀️", "🌻"].sort());
    expect(withEmoji.images["🌻"]).toMatch(/^data:image\/png;base64,/);
    expect(withEmoji.fonts).toBe(withChinese.fonts);
    expect(glyphs.fontFamily).toMatch(
      /^"Roboto Mono latin".*"Noto Sans Symbols 2 symbols".*"Noto Sans SC \[\d+\]"/,
    );
  });
});
