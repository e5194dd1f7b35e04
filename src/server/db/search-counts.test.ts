import { describe, expect, it } from "vitest";
import { SearchCounts } from "./search-counts";

describe("SearchCounts", () => {
  it("counts once, then answers from memory until a write", async () => {
    const counts = new SearchCounts(async () => undefined);
    let calls = 0;
    const count = async () => ++calls;
    expect(await counts.get("amor", count)).toBe(1);
    expect(await counts.get("amor", count)).toBe(1);
    await counts.write(async () => undefined);
    expect(await counts.get("amor", count)).toBe(2);
  });

  it("does not keep a count taken while a write was running", async () => {
    const counts = new SearchCounts(async () => undefined);
    let finishWrite = () => {};
    const writing = counts.write(() => new Promise<void>((resolve) => (finishWrite = resolve)));
    const stale = counts.get("amor", async () => {
      finishWrite();
      await writing;
      return 10;
    });
    expect(await stale).toBe(10);
    expect(await counts.get("amor", async () => 11)).toBe(11);
  });

  it("forgets everything when another process has written", async () => {
    let version = 1;
    const counts = new SearchCounts(async () => version);
    expect(await counts.get("amor", async () => 5)).toBe(5);
    version = 2;
    expect(await counts.get("amor", async () => 6)).toBe(6);
  });
});
