import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isValidText, showsAtLeast } from "./text";

describe("isValidText", () => {
  it("refuses a NUL and an unpaired surrogate, wherever they are", () => {
    for (const text of ["\u0000", "abc\u0000", "\uD800", "a\uD83Db", "\uDE00abc", "😀".slice(1)]) {
      expect(isValidText(text), JSON.stringify(text)).toBe(false);
    }
  });

  it("accepts paired surrogates and every other character", () => {
    for (const text of ["", "Coração 😀", "\u200B", "tab\there", "\uFFFD", "𝒜𝒷𝒸"]) {
      expect(isValidText(text)).toBe(true);
    }
  });

  it("accepts any well-formed string without a NUL", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (text) => {
        expect(isValidText(text)).toBe(!text.includes("\u0000"));
      }),
    );
  });
});

describe("showsAtLeast", () => {
  it("does not count whitespace or format characters", () => {
    expect(showsAtLeast("\u200B\u200C\u200D\u2060\uFEFF")).toBe(false);
    expect(showsAtLeast(" \t\n\u00A0\u3000\u3164")).toBe(false);
    expect(showsAtLeast("a\u200Bb", 2)).toBe(true);
    expect(showsAtLeast("a\u200Bb", 3)).toBe(false);
  });

  it("counts an emoji once", () => {
    expect(showsAtLeast("😀😀😀", 3)).toBe(true);
    expect(showsAtLeast("😀😀", 3)).toBe(false);
    expect(showsAtLeast("Ana", 3)).toBe(true);
    expect(showsAtLeast(" A n ", 3)).toBe(false);
  });

  it("gives the same answer when asked twice (no state kept between calls)", () => {
    expect(showsAtLeast("Ana", 3)).toBe(true);
    expect(showsAtLeast("Ana", 3)).toBe(true);
  });
});
