import { describe, expect, it } from "vitest";
import { addedOn } from "./kindle-dates";

/** The instant of a wall-clock time in the server's time zone: the rule the reader follows. */
const local = (year: number, month: number, day: number, hour: number, minute: number, second = 0) =>
  new Date(year, month - 1, day, hour, minute, second).toISOString();

describe("addedOn", () => {
  it.each([
    ["Added on Friday, March 3, 2023 10:15:22 PM", local(2023, 3, 3, 22, 15, 22)],
    ["Added on Saturday, March 4, 2023 12:05:00 AM", local(2023, 3, 4, 0, 5, 0)],
    ["Added on Sunday, March 5, 2023 12:30:00 PM", local(2023, 3, 5, 12, 30, 0)],
    ["Added on Monday, April 09, 2012, 08:20 PM", local(2012, 4, 9, 20, 20)],
    ["Added on Friday, 3 March 2023 22:15:22", local(2023, 3, 3, 22, 15, 22)],
    ["Adicionado: sexta-feira, 3 de março de 2023 22:15:22", local(2023, 3, 3, 22, 15, 22)],
    ["Adicionado: sábado, 4 de março de 2023 00:05:00", local(2023, 3, 4, 0, 5, 0)],
    ["Adicionado em domingo, 5 de mar. de 2023 12:30", local(2023, 3, 5, 12, 30)],
    ["adicionado: segunda-feira, 6 de marco de 2023 07:05:09", local(2023, 3, 6, 7, 5, 9)],
  ])("reads '%s' as the server's local time", (part, instant) => {
    expect(addedOn(`- Your Highlight on Location 1-2 | ${part}`)).toBe(instant);
  });

  it.each([
    ["no date at all", "Adicionado: hoje"],
    ["a day the calendar lacks", "Added on Thursday, February 30, 2023 10:00:00 AM"],
    ["an hour past the clock", "Adicionado: sexta-feira, 3 de março de 2023 25:15:22"],
    ["a 13 o'clock PM", "Added on Friday, March 3, 2023 13:15:22 PM"],
    ["no time of day", "Added on Friday, March 3, 2023"],
    ["another language", "Hinzugefügt am Freitag, 3. März 2023 22:15:22"],
  ])("gives no instant for %s", (_, part) => {
    expect(addedOn(`- Your Highlight on Location 1-2 | ${part}`)).toBeUndefined();
  });
});
