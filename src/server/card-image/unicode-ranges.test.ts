import { describe, expect, it } from "vitest";
import { indexRanges, parseUnicodeRanges } from "./unicode-ranges";

describe("parseUnicodeRanges", () => {
  it("reads a CSS unicode-range list", () => {
    expect(parseUnicodeRanges("U+0000-00FF, U+0131,U+1F300-1F5FF")).toEqual([
      [0, 0xff],
      [0x131, 0x131],
      [0x1f300, 0x1f5ff],
    ]);
    expect(parseUnicodeRanges("")).toEqual([]);
  });
});

describe("indexRanges", () => {
  it("finds every owner that declares a code point, in the order they were given", () => {
    const ownersOf = indexRanges([
      {
        owner: "a",
        ranges: [
          [10, 20],
          [30, 30],
        ],
      },
      { owner: "b", ranges: [[15, 40]] },
      {
        owner: "c",
        ranges: [
          [0, 5],
          [18, 18],
        ],
      },
    ]);
    const cases: [number, string[]][] = [
      [0, ["c"]],
      [6, []],
      [10, ["a"]],
      [15, ["a", "b"]],
      [18, ["a", "b", "c"]],
      [21, ["b"]],
      [30, ["a", "b"]],
      [40, ["b"]],
      [41, []],
      [0x10ffff, []],
    ];
    for (const [codePoint, owners] of cases) expect(ownersOf(codePoint), String(codePoint)).toEqual(owners);
  });
});
