import { describe, expect, it } from "vitest";
import { makeThought } from "../testing/make-thought";
import { withFavorite } from "./favorite-cache";
import type { WallPages } from "./use-thought-list";

const pages = (favorito: boolean): WallPages => ({
  pageParams: [undefined, 8],
  pages: [
    { items: [makeThought({ id: 9, favorito }), makeThought({ id: 8, favorito })], total: 4 },
    { items: [makeThought({ id: 7, favorito }), makeThought({ id: 6, favorito })], total: 4 },
  ],
});

describe("a favorite change in a loaded list", () => {
  it("flips the flag in place on the whole wall", () => {
    const next = withFavorite(pages(false), 7, true, false);
    expect(next.pages[1]?.items.map((t) => t.favorito)).toEqual([true, false]);
    expect(next.pages[1]?.total).toBe(4);
  });

  it("takes the thought out of the favorites and counts one less everywhere", () => {
    const next = withFavorite(pages(true), 8, false, true);
    expect(next.pages.flatMap((page) => page.items.map((t) => t.id))).toEqual([9, 7, 6]);
    expect(next.pages.map((page) => page.total)).toEqual([3, 3]);
  });

  it("leaves a list without that thought untouched", () => {
    const data = pages(true);
    expect(withFavorite(data, 42, false, true)).toBe(data);
  });
});
