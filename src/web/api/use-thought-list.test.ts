import { describe, expect, it } from "vitest";
import { makeThoughts } from "../testing/make-thought";
import { nextPageParam } from "./use-thought-list";

describe("the wall's paging state", () => {
  it("asks for the thoughts after the last one shown while X-Total-Count says more are left", () => {
    const first = makeThoughts(6);
    const second = makeThoughts(6);
    expect(nextPageParam([{ items: first, total: 14 }])).toBe(first.at(-1)?.id);
    expect(
      nextPageParam([
        { items: first, total: 14 },
        { items: second, total: 14 },
      ]),
    ).toBe(second.at(-1)?.id);
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

  it("has no cursor before the first page", () => {
    expect(nextPageParam([])).toBeUndefined();
  });
});
