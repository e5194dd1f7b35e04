import { describe, expect, it } from "vitest";
import { type Pixels, pixelsOf } from "../../../test-support/server/png-pixels";
import { TEXT_AREA } from "./layout";
import { renderCardPng } from "./render";

/**
 * A Hebrew or Arabic paragraph on the share image reads as on the wall (dir="auto"): from the right, each
 * line ending at the text box's right edge, wrapped at the box's whole width (the fitting counts their
 * letters at their widest, and its own lines filled about half the card), and its full stop on the left.
 */

const draw = async (conteudo: string): Promise<Pixels> =>
  pixelsOf(await renderCardPng({ id: 1, conteudo, autoria: "", modelo: "modelo1" }));

const dark = (pixels: Pixels, x: number, y: number) => {
  const [r, g, b] = pixels.rgb(x, y);
  return r + g + b < 3 * 128;
};

/** The text's lines as drawn: each band of rows with ink, and the leftmost and rightmost ink in it. */
function inkedLines(pixels: Pixels): { top: number; bottom: number; left: number; right: number }[] {
  const lines: { top: number; bottom: number; left: number; right: number }[] = [];
  let current: (typeof lines)[number] | undefined;
  for (let y = TEXT_AREA.top; y < TEXT_AREA.bottom; y++) {
    let left = Number.POSITIVE_INFINITY;
    let right = Number.NEGATIVE_INFINITY;
    for (let x = TEXT_AREA.left; x < TEXT_AREA.right + 40; x++) {
      if (!dark(pixels, x, y)) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
    }
    if (right < 0) {
      current = undefined;
      continue;
    }
    if (!current) {
      current = { top: y, bottom: y, left, right };
      lines.push(current);
    } else {
      current.bottom = y;
      current.left = Math.min(current.left, left);
      current.right = Math.max(current.right, right);
    }
  }
  // Marks above or below the letters (Arabic's dots, Hebrew's points) make thin bands of their own: joined.
  return lines.reduce<typeof lines>((joined, line) => {
    const last = joined.at(-1);
    if (last && line.top - last.bottom < 6) {
      last.bottom = line.bottom;
      last.left = Math.min(last.left, line.left);
      last.right = Math.max(last.right, line.right);
    } else joined.push({ ...line });
    return joined;
  }, []);
}

const PARAGRAPHS = {
  hebrew:
    "הזיכרון הוא המקום שבו אנחנו שומרים את מה שאהבנו, את הקולות של הבית ואת הריח של הגשם הראשון בסתיו, ואת כל מה שלא רצינו לשכוח.",
  arabic:
    "الذاكرة هي المكان الذي نحفظ فيه ما أحببناه، أصوات البيت ورائحة المطر الأول في الخريف، وكل ما لم نرد أن ننساه أبدا مهما طال الزمن.",
};

const WIDTH = TEXT_AREA.right - TEXT_AREA.left;

describe("renderCardPng, a right-to-left paragraph", () => {
  for (const [script, paragraph] of Object.entries(PARAGRAPHS)) {
    it(`lays ${script} out from the right, wrapped at the card's whole width`, async () => {
      const lines = inkedLines(await draw(paragraph));
      expect(lines.length).toBeGreaterThanOrEqual(2);
      // Every line ends at the right edge of the text box (within a letter's side bearing)...
      for (const line of lines) expect(TEXT_AREA.right - line.right).toBeLessThan(16);
      // ... the full lines reach across most of it, not half...
      for (const line of lines.slice(0, -1)) expect(line.right - line.left).toBeGreaterThan(0.8 * WIDTH);
      // ... and the last, shorter, starts further right: aligned right, not left.
      const last = lines.at(-1);
      expect(last && last.left - TEXT_AREA.left).toBeGreaterThan(0.05 * WIDTH);
    });

    it(`draws the full stop of a ${script} sentence on its left`, async () => {
      const sentence = paragraph.split(" ").slice(0, 3).join(" ");
      const [withStop, without] = await Promise.all([draw(`${sentence}.`), draw(sentence)]);
      const [line] = inkedLines(without);
      expect(line).toBeDefined();
      if (!line) return;
      // The words stand where they stood; what the stop adds is left of them.
      let added = 0;
      for (let y = line.top; y <= line.bottom + 4; y++) {
        for (let x = TEXT_AREA.left; x < TEXT_AREA.right + 40; x++) {
          if (dark(withStop, x, y) === dark(without, x, y)) continue;
          added++;
          expect(x).toBeLessThan(line.left);
        }
      }
      expect(added).toBeGreaterThan(4);
    });
  }

  it("keeps a left-to-right paragraph as it was: from the left", async () => {
    const lines = inkedLines(await draw("Tudo vale a pena se a alma não é pequena. ".repeat(4).trim()));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(line.left - TEXT_AREA.left).toBeLessThan(16);
  });
});
