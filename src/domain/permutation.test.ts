import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hash32, permutedIndex } from "./permutation";

describe("permutedIndex", () => {
  it("is a permutation of 0..size-1 for every size and seed", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3000 }),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        (size, seed) => {
          const seen = new Set<number>();
          for (let i = 0; i < size; i++) {
            const position = permutedIndex(i, size, seed);
            expect(position).toBeGreaterThanOrEqual(0);
            expect(position).toBeLessThan(size);
            seen.add(position);
          }
          expect(seen.size).toBe(size);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("gives different orders for different seeds, and the same for the same seed", () => {
    const order = (seed: number) => Array.from({ length: 50 }, (_, i) => permutedIndex(i, 50, seed));
    expect(order(1)).toEqual(order(1));
    expect(order(1)).not.toEqual(order(2));
    expect(order(1)).not.toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it("refuses an index outside the size", () => {
    expect(() => permutedIndex(5, 5, 1)).toThrow(RangeError);
    expect(() => permutedIndex(0, 0, 1)).toThrow(RangeError);
  });
});

describe("hash32", () => {
  it("is FNV-1a: known vectors", () => {
    expect(hash32("")).toBe(0x811c9dc5);
    expect(hash32("a")).toBe(0xe40c292c);
    expect(hash32("foobar")).toBe(0xbf9cf968);
  });
});
