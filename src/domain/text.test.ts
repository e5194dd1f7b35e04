import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isValidText, visibleLength } from "./text";

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

describe("visibleLength", () => {
  it("does not count whitespace or format characters", () => {
    expect(visibleLength("\u200B\u200C\u200D\u2060\uFEFF")).toBe(0);
    expect(visibleLength(" \t\n\u00A0\u3000\u3164")).toBe(0);
    expect(visibleLength("a\u200Bb")).toBe(2);
  });

  it("counts an emoji once", () => {
    expect(visibleLength("😀😀😀")).toBe(3);
    expect(visibleLength("Ana")).toBe(3);
  });
});
