import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CONTENT_MAX } from "../../domain/rules";
import { TEXT_BOX, TEXT_STEPS } from "./layout";
import {
  CHAR_WIDTH_EM,
  columnsOf,
  drawableText,
  ELLIPSIS,
  fitLine,
  fitText,
  graphemes,
  REPLACEMENT,
  withEllipsis,
  wrapText,
} from "./text-fit";

/** Latin-1 and Greek, as a stand-in for the loaded subsets (the real ranges are tested in render.test.ts). */
const covers = (codePoint: number) => codePoint <= 0xff || (codePoint >= 0x370 && codePoint <= 0x3ff);

const rowsOf = (lineHeight: number) => Math.floor(TEXT_BOX.height / lineHeight);

describe("drawableText", () => {
  it("keeps accents, composing them, and the author's line breaks", () => {
    expect(drawableText("Ação, coração, café.\nÉ isso.", covers)).toBe("Ação, coração, café.\nÉ isso.");
    // An e and a combining acute accent are one é, which Latin-1 has.
    expect(drawableText("cafe\u0301", covers)).toBe("café");
    expect(drawableText("um\r\ndois\rtrês\u2028quatro", covers)).toBe("um\ndois\ntrês\nquatro");
  });

  it("draws a replacement mark, once per character, for what the font lacks", () => {
    expect(drawableText("Olá 👋🏽 你好 👨‍👩‍👧 ☀️!", covers)).toBe(
      `Olá ${REPLACEMENT} ${REPLACEMENT}${REPLACEMENT} ${REPLACEMENT} ${REPLACEMENT}!`,
    );
  });

  it("leaves out invisible characters, turns tabs into spaces, and blank runs into one blank line", () => {
    expect(drawableText("a\u200bb\u202ec\u0007d", covers)).toBe("abcd");
    expect(drawableText("\tum", covers)).toBe("    um");
    expect(drawableText("\n\n  um   \n\n\n\n\ndois\n\n \n", covers)).toBe("  um\n\ndois");
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
    expect(wrapText("o rato roeu a roupa", 10)).toEqual(["o rato", "roeu a", "roupa"]);
    expect(wrapText("um\n\ndois", 10)).toEqual(["um", "", "dois"]);
    expect(wrapText("abcdefghijklmnop q", 6)).toEqual(["abcdef", "ghijkl", "mnop q"]);
    expect(wrapText("  recuo", 10)).toEqual(["  recuo"]);
  });

  it("stops at the limit", () => {
    expect(wrapText("a b c d e f", 1, 3)).toEqual(["a", "b", "c"]);
  });
});

describe("withEllipsis and fitLine", () => {
  it("ends the line with an ellipsis in place of its last character and punctuation", () => {
    expect(withEllipsis("quem a disse.", 40)).toBe(`quem a disse${ELLIPSIS}`);
    expect(withEllipsis("abcdefghij", 5)).toBe(`abcd${ELLIPSIS}`);
    expect(withEllipsis("abc, def", 5)).toBe(`abc${ELLIPSIS}`);
  });

  it("puts the author on one line, cut with an ellipsis when too long", () => {
    expect(fitLine("Fernando\nPessoa", 30)).toBe("Fernando Pessoa");
    expect(fitLine("x".repeat(200), 50)).toBe(`${"x".repeat(49)}${ELLIPSIS}`);
    expect(graphemes(fitLine("ç".repeat(200), 50))).toHaveLength(50);
  });
});

describe("fitText", () => {
  const sizeFor = (text: string) => fitText(text, TEXT_BOX, TEXT_STEPS).fontSize;

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
    const fitted = fitText("palavra ".repeat(CONTENT_MAX / 8), TEXT_BOX, TEXT_STEPS);
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
    const fitted = fitText(text, { ...TEXT_BOX, width: 200 }, TEXT_STEPS.slice(-1));
    expect(fitted.truncated).toBe(true);
    expect(fitted.lines.at(-1)).toBe(`linha ${rows - 2}${ELLIPSIS}`);
  });

  it("never draws past the box, whatever the text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 3000 }), (raw) => {
        const fitted = fitText(drawableText(raw, covers), TEXT_BOX, TEXT_STEPS);
        const columns = columnsOf(TEXT_BOX.width, fitted.fontSize);
        expect(fitted.lines.length * fitted.lineHeight).toBeLessThanOrEqual(TEXT_BOX.height);
        for (const line of fitted.lines) {
          expect(graphemes(line).length).toBeLessThanOrEqual(columns);
          expect(graphemes(line).length * fitted.fontSize * CHAR_WIDTH_EM).toBeLessThanOrEqual(
            TEXT_BOX.width,
          );
        }
      }),
      { numRuns: 300 },
    );
  });

  it("loses no word of a text that fits", () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-zçã]{1,12}$/), { maxLength: 60 }), (words) => {
        const fitted = fitText(words.join(" "), TEXT_BOX, TEXT_STEPS);
        if (!fitted.truncated) expect(fitted.lines.join(" ").split(/\s+/).filter(Boolean)).toEqual(words);
      }),
    );
  });
});
