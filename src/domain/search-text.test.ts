import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { effectiveSearch, foldText } from "./search-text";

// Letters a pt-BR text is made of, each with its accented and upper-case forms.
const plain = "abcdefghijklmnopqrstuvwxyz0123456789 ,.!?-\n";
const accented = "áàâãéêíóôõúüçÁÀÂÃÉÊÍÓÔÕÚÜÇ";
const ptText = fc.string({ unit: fc.constantFrom(...(plain + plain.toUpperCase() + accented)) });

describe("foldText", () => {
  it("folds the search box's examples", () => {
    expect(foldText("Coração")).toBe("coracao");
    expect(foldText("MÁQUINA")).toBe("maquina");
    expect(foldText("Ação, ÓRGÃO, pinguim, Müller")).toBe("acao, orgao, pinguim, muller");
  });

  it("is idempotent on any text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (text) => foldText(foldText(text)) === foldText(text)),
    );
  });

  it("leaves no combining mark and no upper-case letter in pt-BR text", () => {
    fc.assert(
      fc.property(ptText, (text) => {
        const folded = foldText(text);
        expect(folded).not.toMatch(/\p{M}/u);
        expect(folded).toBe(folded.toLowerCase());
      }),
    );
  });

  it("gives the same result whatever the case, and keeps one character per character", () => {
    fc.assert(
      fc.property(ptText, (text) => {
        expect(foldText(text.toUpperCase())).toBe(foldText(text.toLowerCase()));
        expect(foldText(text)).toHaveLength(text.length);
      }),
    );
  });

  it("keeps a substring a substring, so a folded query finds folded text", () => {
    fc.assert(
      fc.property(ptText, ptText, ptText, (before, middle, after) => {
        expect(foldText(before + middle + after)).toContain(foldText(middle));
      }),
    );
  });
});

describe("effectiveSearch", () => {
  const codePoints = (text: string) => [...text].length;

  it("trims and applies the search only from the minimum length", () => {
    expect(effectiveSearch("  ab  ", 3)).toBeUndefined();
    expect(effectiveSearch("  abc  ", 3)).toBe("abc");
    expect(effectiveSearch(undefined, 3)).toBeUndefined();
  });

  it("counts code points of the folded text, as the trigram index does", () => {
    // Two emoji are four UTF-16 units but two code points: too short for a trigram.
    expect(effectiveSearch("😀😀", 3)).toBeUndefined();
    expect(effectiveSearch("😀😀😀", 3)).toBe("😀😀😀");
    expect(effectiveSearch("ab😀", 3)).toBe("ab😀");
    // A combining accent is folded away, so "e" plus an acute accent plus "a" is two characters.
    expect(effectiveSearch("e\u0301a", 3)).toBeUndefined();
    expect(effectiveSearch("ae\u0301i", 3)).toBe("ae\u0301i");
    expect(effectiveSearch("ção", 3)).toBe("ção");
  });

  it("answers either undefined or a trimmed text of at least the minimum folded code points", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), fc.integer({ min: 1, max: 5 }), (raw, min) => {
        const result = effectiveSearch(raw, min);
        if (result === undefined) expect(codePoints(foldText(raw.trim()))).toBeLessThan(min);
        else expect(result).toBe(raw.trim());
        if (result !== undefined) expect(codePoints(foldText(result))).toBeGreaterThanOrEqual(min);
      }),
    );
  });
});
