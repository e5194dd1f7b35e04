import { describe, expect, it } from "vitest";
import { SearchCounts } from "./search-counts";

describe("SearchCounts", () => {
  it("counts once per version of the wall, then answers from memory", async () => {
    const counts = new SearchCounts();
    let calls = 0;
    const count = (version: number) => async () => ({ total: ++calls, version });
    expect(await counts.get(7, "amor", count(7))).toBe(1);
    expect(await counts.get(7, "amor", count(7))).toBe(1);
    expect(await counts.get(8, "amor", count(8))).toBe(2);
    expect(await counts.get(8, "amor", count(8))).toBe(2);
  });

  it("does not keep a count taken after a write the request had not seen", async () => {
    const counts = new SearchCounts();
    // The request read version 3; a write committed before the count ran, which saw version 4.
    expect(await counts.get(3, "amor", async () => ({ total: 10, version: 4 }))).toBe(10);
    expect(await counts.get(3, "amor", async () => ({ total: 11, version: 4 }))).toBe(11);
  });

  it("forgets every search when the version moves, whoever wrote", async () => {
    const counts = new SearchCounts();
    expect(await counts.get(1, "amor", async () => ({ total: 5, version: 1 }))).toBe(5);
    expect(await counts.get(1, "flor", async () => ({ total: 2, version: 1 }))).toBe(2);
    expect(await counts.get(2, "flor", async () => ({ total: 3, version: 2 }))).toBe(3);
    expect(await counts.get(2, "amor", async () => ({ total: 6, version: 2 }))).toBe(6);
  });
});
