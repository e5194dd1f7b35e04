import { describe, expect, it } from "vitest";
import { createTurns, failureDelay } from "./guess-brake";

describe("the brake on guesses", () => {
  it("waits nothing before a failure, then 0.25 s doubling with each failure, up to 15 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 50].map(failureDelay)).toEqual([
      0, 250, 500, 1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000,
    ]);
  });

  it("runs one try per address at a time, in order of arrival, and addresses side by side", async () => {
    const inTurn = createTurns();
    const log: string[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = inTurn("203.0.113.1", async () => {
      log.push("a1 start");
      await held;
      log.push("a1 end");
    });
    const second = inTurn("203.0.113.1", async () => {
      log.push("a2");
      throw new Error("senha incorreta");
    });
    const third = inTurn("203.0.113.1", async () => log.push("a3"));
    const other = inTurn("198.51.100.7", async () => log.push("b1"));
    await other;
    expect(log).toEqual(["a1 start", "b1"]);
    release();
    await first;
    await expect(second).rejects.toThrow("senha incorreta");
    await third;
    // A failed try does not stop the ones queued behind it.
    expect(log).toEqual(["a1 start", "b1", "a1 end", "a2", "a3"]);
  });
});
