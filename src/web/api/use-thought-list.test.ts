import { describe, expect, it } from "vitest";
import { makeThoughts } from "../testing/make-thought";
import { nextPageParam } from "./use-thought-list";

describe("the wall's paging state", () => {
  it("asks for page 2 while X-Total-Count says more are left", () => {
    expect(nextPageParam([{ items: makeThoughts(6), total: 14 }])).toBe(2);
    expect(
      nextPageParam([
        { items: makeThoughts(6), total: 14 },
        { items: makeThoughts(6), total: 14 },
      ]),
    ).toBe(3);
  });

  it("stops once everything is shown, so no click comes back empty", () => {
    expect(nextPageParam([{ items: makeThoughts(6), total: 6 }])).toBeUndefined();
    expect(
      nextPageParam([
        { items: makeThoughts(6), total: 8 },
        { items: makeThoughts(2), total: 8 },
      ]),
    ).toBeUndefined();
    expect(nextPageParam([{ items: [], total: 0 }])).toBeUndefined();
  });

  it("stops on an empty page even if the total promised more (the list shrank meanwhile)", () => {
    expect(
      nextPageParam([
        { items: makeThoughts(6), total: 20 },
        { items: [], total: 20 },
      ]),
    ).toBeUndefined();
  });

  it("starts at page 1", () => {
    expect(nextPageParam([])).toBe(1);
  });
});
