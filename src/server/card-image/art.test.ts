import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MODELS } from "../../domain/rules";
import { MODEL_COLOUR, QUOTE_MARK, WORDMARK_QUOTES } from "./art";

const webFile = (path: string) => readFileSync(new URL(`../../web/${path}`, import.meta.url), "utf8");

/** The numbers of an SVG path or attribute, as the web's JSX writes them (order kept). */
const attributeValues = (source: string) =>
  [...source.matchAll(/\b(?:d|cx|cy|r)="([^"]+)"/g)].map(([, value]) => value);

describe("the card's pictures", () => {
  it("are the web's own quotation marks, model by model, in the model colours", () => {
    const quoteMark = webFile("ui/card/QuoteMark.tsx");
    const webValues = attributeValues(quoteMark);
    for (const model of MODELS) {
      for (const shape of QUOTE_MARK[model]) {
        for (const value of Object.values(shape.attributes)) {
          if (value.startsWith("#")) continue;
          expect(webValues, `${model}: ${value}`).toContain(value);
        }
      }
      expect(quoteMark).toContain(`${model}: "${MODEL_COLOUR[model]}"`);
    }
  });

  it("draw the wordmark's marks as the header's logo does", () => {
    expect(webFile("layout/Logo.tsx")).toContain(`d="${WORDMARK_QUOTES.attributes.d}"`);
  });
});
