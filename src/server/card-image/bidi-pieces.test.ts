import { describe, expect, it } from "vitest";
import { visualPieces } from "./bidi-pieces";

/** The pieces as "R:" (a right-to-left word, in logical order) or "L:" (as shown), no-break spaces as "_". */
const shown = (line: string) =>
  visualPieces(line)?.map((piece) => `${piece.rtl ? "R" : "L"}:${piece.text.replaceAll("\u00A0", "_")}`);

describe("visualPieces", () => {
  it("leaves a line without Hebrew or Arabic whole", () => {
    expect(visualPieces("Olá, 你好 🌻")).toBeUndefined();
  });

  it("lays right-to-left words out from the right, each word in its own logical order", () => {
    expect(shown("שלום עולם מה")).toEqual(["R:מה", "L:_", "R:עולם", "L:_", "R:שלום"]);
    expect(shown("مرحبا بالعالم")).toEqual(["R:بالعالم", "L:_", "R:مرحبا"]);
  });

  it("keeps left-to-right text and numbers in their order around them", () => {
    expect(shown("Olá שלום עולם fim")).toEqual(["L:Olá_", "R:עולם", "L:_", "R:שלום", "L:_fim"]);
    expect(shown("שלום 123 עולם")).toEqual(["R:עולם", "L:_123_", "R:שלום"]);
  });

  it("puts punctuation on the side the reader meets it, and turns brackets round", () => {
    expect(shown("שלום, עולם")).toEqual(["R:עולם", "L:_,", "R:שלום"]);
    expect(shown("שלום (עולם)")).toEqual(["L:(", "R:עולם", "L:)_", "R:שלום"]);
  });

  it("keeps an emoji between right-to-left words whole and out of them", () => {
    expect(shown("שלום 👨‍👩‍👧 עולם")).toEqual(["R:עולם", "L:_👨‍👩‍👧_", "R:שלום"]);
  });
});
