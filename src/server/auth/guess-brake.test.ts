import { describe, expect, it } from "vitest";
import { createLanes, failureDelay } from "./guess-brake";

describe("the brake on guesses", () => {
  it("waits nothing before a failure, then 0.25 s doubling with each failure, up to 15 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 50].map(failureDelay)).toEqual([
      0, 250, 500, 1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000,
    ]);
  });

  it("holds one guess per brake: a second is told the seconds left, rounded up, and brakes stay apart", () => {
    const enter = createLanes();
    const first = enter("203.0.113.1", 1_000);
    if ("retryAfterSeconds" in first) throw new Error("the first guess was refused");
    // Being checked (no wait set yet): a check takes about a second.
    expect(enter("203.0.113.1", 1_000)).toEqual({ retryAfterSeconds: 1 });
    first.waitsUntil(1_000 + 8_000);
    expect(enter("203.0.113.1", 1_001)).toEqual({ retryAfterSeconds: 8 });
    expect(enter("203.0.113.1", 7_500)).toEqual({ retryAfterSeconds: 2 });
    expect(enter("aparelho:abc", 7_500)).not.toHaveProperty("retryAfterSeconds");
    first.leave();
    // A late call of a guess that has left does not take the brake again.
    first.waitsUntil(20_000);
    expect(enter("203.0.113.1", 7_600)).not.toHaveProperty("retryAfterSeconds");
  });
});
