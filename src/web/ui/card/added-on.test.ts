import { afterEach, describe, expect, it, vi } from "vitest";
import { addedOn } from "./added-on";

// The reader's zone is the process's: TZ, which Node reads again whenever it changes.
afterEach(() => {
  vi.unstubAllEnvs();
});

/** What Intl writes for `instant` in `timeZone`: the words addedOn must match. */
function intl(instant: string, timeZone: string) {
  const date = new Date(instant);
  return {
    day: new Intl.DateTimeFormat("pt-BR", { dateStyle: "medium", timeZone }).format(date),
    full: new Intl.DateTimeFormat("pt-BR", { dateStyle: "full", timeStyle: "long", timeZone }).format(date),
  };
}

// Every month and weekday, single- and two-digit days and hours, both ends of a year, a leap day.
const instants = [
  ...Array.from(
    { length: 12 },
    (_, month) => new Date(Date.UTC(2025, month, 1 + month * 2, month * 2, 5, 9)),
  ),
  new Date(Date.UTC(2024, 1, 29, 23, 59, 59)),
  new Date(Date.UTC(1999, 11, 31, 0, 0, 0)),
].map((date) => date.toISOString());

describe("when a thought was added, in pt-BR", () => {
  it("names the day and the whole instant in UTC as Intl does", () => {
    expect(addedOn("2025-03-03T14:05:09.000Z", "UTC")).toEqual({
      day: "3 de mar. de 2025",
      full: "segunda-feira, 3 de março de 2025 às 14:05:09 UTC",
    });
    for (const instant of instants) expect(addedOn(instant, "UTC")).toEqual(intl(instant, "UTC"));
  });

  it("names the day in the reader's zone as Intl does, and the zone by its offset from UTC", () => {
    for (const zone of ["America/New_York", "Asia/Kolkata", "Pacific/Chatham", "Europe/London"]) {
      vi.stubEnv("TZ", zone);
      for (const instant of instants) expect(addedOn(instant, "reader"), zone).toEqual(intl(instant, zone));
    }
    // Intl has a pt-BR name for Brazil's zones ('BRT'); the offset says the same.
    vi.stubEnv("TZ", "America/Sao_Paulo");
    expect(addedOn("2025-03-04T01:30:00.000Z", "reader")).toEqual({
      // Near midnight the reader's day is not the server's (UTC: the 4th).
      day: "3 de mar. de 2025",
      full: "segunda-feira, 3 de março de 2025 às 22:30:00 GMT-3",
    });
  });
});
