import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CONTENT_MAX } from "../../domain/rules";
import { TEXT_BOX, TEXT_STEPS } from "./layout";
import {
  CHAR_WIDTH_EM,
  drawableText,
  ELLIPSIS,
  fitLine,
  fitText,
  type Glyphs,
  graphemes,
  lineWidthEm,
  REPLACEMENT,
  withEllipsis,
  wrapText,
} from "./text-fit";

/**
 * A stand-in for the card's glyphs (the real ones are tested in glyphs.test.ts): Latin-1 and Greek in the
 * monospace face, CJK at 1 em, and one emoji picture, the family 👨‍👩‍👧, at 1 em.
 */
const WIDE = /^[\u3000-\u9FFF]$/u;
const FAMILY = "👨‍👩‍👧";
const covers = (codePoint: number) => codePoint <= 0xff || (codePoint >= 0x370 && codePoint <= 0x3ff);
const glyphs: Glyphs = {
  drawn: (grapheme, visible) => {
    if (grapheme === FAMILY) return grapheme;
    const drawable = Array.from(visible).every((char) => covers(char.codePointAt(0) ?? 0) || WIDE.test(char));
    return drawable ? visible : undefined;
  },
  widthEm: (grapheme) => (grapheme === FAMILY || WIDE.test(grapheme) ? 1 : CHAR_WIDTH_EM),
};
/** The room of so many monospace characters. */
const columns = (count: number) => count * CHAR_WIDTH_EM;

const rowsOf = (lineHeight: number) => Math.floor(TEXT_BOX.height / lineHeight);

describe("drawableText", () => {
  it("keeps accents, composing them, and the author's line breaks", () => {
    expect(drawableText("Ação, coração, café.\nÉ isso.", glyphs)).toBe("Ação, coração, café.\nÉ isso.");
    // An e and a combining acute accent are one é, which Latin-1 has.
    expect(drawableText("cafe\u0301", glyphs)).toBe("café");
    expect(drawableText("um\r\ndois\rtrês\u2028quatro", glyphs)).toBe("um\ndois\ntrês\nquatro");
  });

  it("draws a replacement mark, once per character, for what no font or picture has", () => {
    expect(drawableText("Olá 👋🏽 한국 👨‍👩 ☀️!", glyphs)).toBe(
      `Olá ${REPLACEMENT} ${REPLACEMENT}${REPLACEMENT} ${REPLACEMENT} ${REPLACEMENT}!`,
    );
  });

  it("asks for an emoji sequence whole, its joiners kept, and keeps what the glyphs draw", () => {
    expect(drawableText(`família ${FAMILY}\u200b 你好`, glyphs)).toBe(`família ${FAMILY} 你好`);
  });

  it("leaves out invisible characters, turns tabs into spaces, and blank runs into one blank line", () => {
    expect(drawableText("a\u200bb\u202ec\u0007d", glyphs)).toBe("abcd");
    expect(drawableText("\tum", glyphs)).toBe("    um");
    expect(drawableText("\n\n  um   \n\n\n\n\ndois\n\n \n", glyphs)).toBe("  um\n\ndois");
  });
});

describe("graphemes", () => {
  it("counts what a reader sees as one character as one", () => {
    expect(graphemes("ação")).toHaveLength(4);
    expect(graphemes("e\u0301a")).toEqual(["e\u0301", "a"]);
    expect(graphemes("👨‍👩‍👧🇧🇷")).toHaveLength(2);
  });
});

describe("wrapText", () => {
  it("breaks after spaces, keeps the line breaks, and cuts a word longer than a line", () => {
    expect(wrapText("o rato roeu a roupa", columns(10), glyphs)).toEqual(["o rato", "roeu a", "roupa"]);
    expect(wrapText("um\n\ndois", columns(10), glyphs)).toEqual(["um", "", "dois"]);
    expect(wrapText("abcdefghijklmnop q", columns(6), glyphs)).toEqual(["abcdef", "ghijkl", "mnop q"]);
    expect(wrapText("  recuo", columns(10), glyphs)).toEqual(["  recuo"]);
  });

  it("gives a wide character (an ideograph, an emoji) its own width: about two columns", () => {
    expect(wrapText("你好世界你好世界", columns(10), glyphs)).toEqual(["你好世界你好", "世界"]);
    // Four pictures (4 em) fit in eight columns (4.8 em), the fifth goes to the next line.
    expect(wrapText(`ab ${FAMILY.repeat(5)}`, columns(8), glyphs)).toEqual(["ab", FAMILY.repeat(4), FAMILY]);
  });

  it("stops at the limit", () => {
    expect(wrapText("a b c d e f", columns(1), glyphs, 3)).toEqual(["a", "b", "c"]);
  });
});

describe("withEllipsis and fitLine", () => {
  it("ends the line with an ellipsis in place of its last character and punctuation", () => {
    expect(withEllipsis("quem a disse.", columns(40), glyphs)).toBe(`quem a disse${ELLIPSIS}`);
    expect(withEllipsis("abcdefghij", columns(5), glyphs)).toBe(`abcd${ELLIPSIS}`);
    expect(withEllipsis("abc, def", columns(5), glyphs)).toBe(`abc${ELLIPSIS}`);
    expect(withEllipsis("你好世界", columns(5), glyphs)).toBe(`你好${ELLIPSIS}`);
  });

  it("puts the author on one line, cut with an ellipsis when too long", () => {
    expect(fitLine("Fernando\nPessoa", columns(30), glyphs)).toBe("Fernando Pessoa");
    expect(fitLine("x".repeat(200), columns(50), glyphs)).toBe(`${"x".repeat(49)}${ELLIPSIS}`);
    expect(graphemes(fitLine("ç".repeat(200), columns(50), glyphs))).toHaveLength(50);
    expect(fitLine("老".repeat(200), columns(50), glyphs)).toBe(`${"老".repeat(29)}${ELLIPSIS}`);
  });
});

describe("fitText", () => {
  const sizeFor = (text: string) => fitText(text, TEXT_BOX, TEXT_STEPS, glyphs).fontSize;

  it("has a few steps, from large to small, and a box that holds several lines at each", () => {
    expect(TEXT_STEPS.length).toBeGreaterThanOrEqual(3);
    for (const [i, step] of TEXT_STEPS.entries()) {
      if (i > 0) expect(step.fontSize).toBeLessThan(TEXT_STEPS[i - 1]?.fontSize ?? 0);
      expect(rowsOf(step.lineHeight)).toBeGreaterThanOrEqual(3);
      expect(Number.isInteger(step.lineHeight)).toBe(true);
    }
  });

  it("draws a short quote in the largest type, and smaller as the text grows", () => {
    const [largest, , , , smallest] = TEXT_STEPS;
    expect(sizeFor("Tudo vale a pena se a alma não é pequena.")).toBe(largest?.fontSize);
    const sizes = [40, 120, 200, 350, 550].map((length) => sizeFor("palavra ".repeat(length / 8)));
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    expect(new Set(sizes).size).toBeGreaterThanOrEqual(4);
    expect(sizes.at(-1)).toBe(smallest?.fontSize);
    // Line breaks take room too: a few words on many lines get a smaller size than on one.
    expect(sizeFor("um dois três quatro")).toBeGreaterThan(sizeFor("um\ndois\ntrês\nquatro"));
  });

  it("cuts a text too long for the smallest size with an ellipsis, in as many lines as fit", () => {
    const fitted = fitText("palavra ".repeat(CONTENT_MAX / 8), TEXT_BOX, TEXT_STEPS, glyphs);
    const smallest = TEXT_STEPS.at(-1);
    expect(fitted.fontSize).toBe(smallest?.fontSize);
    expect(fitted.truncated).toBe(true);
    expect(fitted.lines).toHaveLength(rowsOf(fitted.lineHeight));
    expect(fitted.lines.at(-1)?.endsWith(ELLIPSIS)).toBe(true);
    expect(fitted.lines.slice(0, -1).join("")).not.toContain(ELLIPSIS);
  });

  it("puts the ellipsis after the last words, not alone on a blank line", () => {
    const smallest = TEXT_STEPS.at(-1) ?? { lineHeight: 1 };
    const rows = rowsOf(smallest.lineHeight);
    const text = `${Array.from({ length: rows - 1 }, (_, i) => `linha ${i}`).join("\n")}\n\nmais`;
    const fitted = fitText(text, { ...TEXT_BOX, width: 200 }, TEXT_STEPS.slice(-1), glyphs);
    expect(fitted.truncated).toBe(true);
    expect(fitted.lines.at(-1)).toBe(`linha ${rows - 2}${ELLIPSIS}`);
  });

  it("never draws past the box, whatever the text", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: "grapheme", maxLength: 3000 }),
          fc.string({ unit: fc.constantFrom("你", "好", " ", "a", FAMILY, "\n"), maxLength: 1500 }),
        ),
        (raw) => {
          const fitted = fitText(drawableText(raw, glyphs), TEXT_BOX, TEXT_STEPS, glyphs);
          expect(fitted.lines.length * fitted.lineHeight).toBeLessThanOrEqual(TEXT_BOX.height);
          for (const line of fitted.lines) {
            expect(lineWidthEm(line, glyphs) * fitted.fontSize).toBeLessThanOrEqual(TEXT_BOX.width + 1e-6);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("loses no word of a text that fits", () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-zçã]{1,12}$/), { maxLength: 60 }), (words) => {
        const fitted = fitText(words.join(" "), TEXT_BOX, TEXT_STEPS, glyphs);
        if (!fitted.truncated) expect(fitted.lines.join(" ").split(/\s+/).filter(Boolean)).toEqual(words);
      }),
    );
  });
});
