import { describe, expect, it } from "vitest";
import { addDays, dayBounds, daysBetween, reviewDay, sameDateInEarlierYears } from "./review-day";

const at = (iso: string) => new Date(iso).getTime();

describe("the review's days", () => {
  it("turns at the stored hour in the stored time zone", () => {
    // São Paulo is UTC-3: 03:30 there is still the day before when the day turns at 4:00.
    expect(reviewDay(at("2026-11-27T06:30:00Z"), "America/Sao_Paulo", 4)).toBe("2026-11-26");
    expect(reviewDay(at("2026-11-27T07:00:00Z"), "America/Sao_Paulo", 4)).toBe("2026-11-27");
    expect(reviewDay(at("2026-11-27T06:30:00Z"), "America/Sao_Paulo", 0)).toBe("2026-11-27");
    expect(reviewDay(at("2026-11-27T06:30:00Z"), "Asia/Tokyo", 4)).toBe("2026-11-27");
  });

  it("knows when a day begins and ends, across a change of the clocks", () => {
    expect(dayBounds("2026-11-27", "America/Sao_Paulo", 4)).toEqual({
      start: at("2026-11-27T07:00:00Z"),
      end: at("2026-11-28T07:00:00Z"),
    });
    // New York moves its clocks forward at 2:00 on 8 March 2026: the review day before is 23 hours long.
    const { start, end } = dayBounds("2026-03-07", "America/New_York", 4);
    expect(start).toBe(at("2026-03-07T09:00:00Z"));
    expect(end).toBe(at("2026-03-08T08:00:00Z"));
  });

  it("counts days and finds the same date in earlier years (29 February only in leap years)", () => {
    expect(addDays("2026-12-30", 3)).toBe("2027-01-02");
    expect(daysBetween("2026-11-01", "2026-12-01")).toBe(30);
    const ranges = sameDateInEarlierYears("2026-11-27", 2023, "UTC");
    expect(ranges.map(([from, , years]) => [new Date(from).toISOString(), years])).toEqual([
      ["2023-11-27T00:00:00.000Z", 3],
      ["2024-11-27T00:00:00.000Z", 2],
      ["2025-11-27T00:00:00.000Z", 1],
    ]);
    expect(sameDateInEarlierYears("2028-02-29", 2023, "UTC").map(([, , years]) => years)).toEqual([4]);
  });
});
