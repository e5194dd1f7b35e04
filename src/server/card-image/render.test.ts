import { describe, expect, it } from "vitest";
import { makeThought } from "../../../test-support/thought-factory";
import { cardFonts } from "./fonts";
import { renderCardPng } from "./render";

const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

describe("renderCardPng", () => {
  it("finds the fonts, which draw Portuguese and the other subsets, and not emoji or CJK", async () => {
    const { fonts, covers } = await cardFonts();
    expect(fonts.length).toBeGreaterThan(2);
    for (const char of "çãéÉõúâ…“”—Łλж") expect(covers(char.codePointAt(0) ?? 0), char).toBe(true);
    for (const char of ["👋", "你", "☀"]) expect(covers(char.codePointAt(0) ?? 0), char).toBe(false);
  });

  it("draws the same bytes for the same thought, every time", async () => {
    const thought = makeThought({ id: 7, conteudo: "Ação e coração.", autoria: "Alguém", modelo: "modelo3" });
    const first = await renderCardPng(thought);
    const second = await renderCardPng({ ...thought });
    expect(pngSize(first)).toEqual({ width: 1200, height: 630 });
    expect(second.equals(first)).toBe(true);
    expect((await renderCardPng({ ...thought, modelo: "modelo1" })).equals(first)).toBe(false);
  });

  it("draws text the font lacks without failing", async () => {
    const png = await renderCardPng({
      id: 8,
      conteudo: "😀🎉 你好 한국어 עברית العربية \u0000\uFFFF\uD800",
      autoria: "🙂",
      modelo: "modelo2",
    });
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
  });
});
