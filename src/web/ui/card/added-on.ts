// Split from one string each: the wall's first visit carries these words, and a list of quoted strings weighs more.
const WEEKDAYS = "domingo segunda terça quarta quinta sexta sábado"
  .split(" ")
  .map((name, day) => (day > 0 && day < 6 ? `${name}-feira` : name));
const MONTHS =
  "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro".split(" ");
/** pt-BR's abbreviations, as Intl's `dateStyle: "medium"` writes them ('mai.' included). */
const SHORT_MONTHS = MONTHS.map((name) => `${name.slice(0, 3)}.`);

/** 'GMT-3', 'GMT+5:30', 'GMT+0': the zone as an offset from UTC, as Intl names a zone it has no pt-BR name for. */
function offsetName(minutesEastOfUtc: number): string {
  const minutes = Math.abs(minutesEastOfUtc) % 60;
  return `GMT${minutesEastOfUtc < 0 ? "-" : "+"}${Math.floor(Math.abs(minutesEastOfUtc) / 60)}${minutes ? `:${String(minutes).padStart(2, "0")}` : ""}`;
}

/**
 * When a thought was added, in pt-BR: the day ('3 de mar. de 2025') and the full instant ('segunda-feira,
 * 3 de março de 2025 às 14:05:09 UTC'), in UTC (what the server renders, which cannot know the reader's zone)
 * or in the reader's own zone ('… às 11:05:09 GMT-3').
 *
 * Written out here rather than by Intl.DateTimeFormat, whose first use in a page loads the browser's date
 * data: on the wall's first visit that made this the costliest function of the page's own code (28 ms of a
 * visit at full speed, about 110 ms on Lighthouse's slowed phone), for words that never change. The test
 * holds the same text as Intl's, the zone's name aside where Intl has a pt-BR one ('BRT').
 */
export function addedOn(instant: string, zone: "UTC" | "reader"): { day: string; full: string } {
  const date = new Date(instant);
  const offset = zone === "UTC" ? 0 : -date.getTimezoneOffset();
  // The instant moved by the zone's offset reads, in UTC, as the clock in that zone: 2025-03-03T11:05:09.
  const shifted = new Date(date.getTime() + offset * 60_000);
  const clock = shifted.toISOString();
  const day = Number(clock.slice(8, 10));
  const month = Number(clock.slice(5, 7)) - 1;
  const year = clock.slice(0, 4);
  return {
    day: `${day} de ${SHORT_MONTHS[month]} de ${year}`,
    full: `${WEEKDAYS[shifted.getUTCDay()]}, ${day} de ${MONTHS[month]} de ${year} às ${clock.slice(11, 19)} ${zone === "UTC" ? "UTC" : offsetName(offset)}`,
  };
}
