/**
 * When a Kindle clipping was made, from the part of its kind line that says so: 'Added on Friday, March 3,
 * 2023 10:15:22 PM' (US English; also 'Friday, 3 March 2023 22:15:22' and the older 'March 03, 2023, 10:15
 * PM') or 'Adicionado: sexta-feira, 3 de março de 2023 22:15:22' (Brazilian Portuguese).
 *
 * The device writes its own clock's time with no zone, so the time is read in the server's time zone (the
 * process's, TZ in its environment; UTC when none is set, as in the container unless it is given one): a
 * server that runs where its reader lives dates each clipping at the hour the reader saw. A date that cannot
 * be read (another wording, a day that does not exist) gives no instant, and the thought takes the import's.
 *
 * Read by words, not by one pattern over the line: the part is split on spaces and commas and each word
 * looked up, so no pattern backtracks, whatever the line holds (the line is capped before it comes here).
 */

const ENGLISH_MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];
const PORTUGUESE_MONTHS = [
  "janeiro",
  "fevereiro",
  "março",
  "abril",
  "maio",
  "junho",
  "julho",
  "agosto",
  "setembro",
  "outubro",
  "novembro",
  "dezembro",
];

/** Each month's name, in full and in its first three letters, in both languages: its number from 1. */
const MONTHS = new Map<string, number>();
for (const names of [ENGLISH_MONTHS, PORTUGUESE_MONTHS]) {
  names.forEach((name, index) => {
    MONTHS.set(name, index + 1);
    MONTHS.set(name.slice(0, 3), index + 1);
  });
}
// Written without its cedilla by some devices and people.
MONTHS.set("marco", 3);

/** Where the date starts, in each language; what follows is read by words. */
const PREFIXES = ["added on", "adicionado em", "adicionado"];

const DAY = /^\d{1,2}$/;
const YEAR = /^\d{4}$/;
const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;
const MERIDIEM = /^([ap])\.?m\.?$/;

/**
 * The words after the prefix, split on spaces and commas, without the colon that may follow the prefix or
 * the 'de' of Portuguese dates; undefined when the part does not start with a prefix.
 */
function wordsAfterPrefix(part: string): string[] | undefined {
  const lower = part.trimStart().toLowerCase();
  const prefix = PREFIXES.find((start) => lower.startsWith(start));
  if (prefix === undefined) return undefined;
  const rest = lower.slice(prefix.length).trimStart();
  return (rest.startsWith(":") ? rest.slice(1) : rest)
    .split(/[\s,]+/)
    .filter((word) => word !== "" && word !== "de");
}

/** A month's number from its name, in full or abbreviated, with or without a closing period ('mar.'). */
const monthOf = (word: string) => MONTHS.get(word.endsWith(".") ? word.slice(0, -1) : word);

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * The day, month and year among the words, in either order ('March 3, 2023', '3 de março de 2023'), and
 * where the words after them start.
 */
function dateOf(
  words: readonly string[],
): (Pick<Parts, "year" | "month" | "day"> & { next: number }) | undefined {
  for (let at = 0; at + 2 < words.length; at += 1) {
    const [a = "", b = "", c = ""] = [words[at], words[at + 1], words[at + 2]];
    if (!YEAR.test(c)) continue;
    const monthFirst = monthOf(a);
    if (monthFirst !== undefined && DAY.test(b))
      return { year: Number(c), month: monthFirst, day: Number(b), next: at + 3 };
    const monthSecond = monthOf(b);
    if (monthSecond !== undefined && DAY.test(a))
      return { year: Number(c), month: monthSecond, day: Number(a), next: at + 3 };
  }
  return undefined;
}

/** The time of day from the words after the date: '22:15:22', '10:15:22 PM', '10:15 pm'. */
function timeOf(time: string, after: string): Pick<Parts, "hour" | "minute" | "second"> | undefined {
  const found = TIME.exec(time);
  if (!found) return undefined;
  let hour = Number(found[1]);
  const meridiem = MERIDIEM.exec(after)?.[1];
  if (meridiem !== undefined) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (meridiem === "p" ? 12 : 0);
  }
  return { hour, minute: Number(found[2]), second: Number(found[3] ?? 0) };
}

/** How many days a month has (February by the Gregorian leap years). */
function daysIn(month: number, year: number): number {
  if (month !== 2) return [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
}

/**
 * The instant of the parts in the server's time zone, or undefined when they name no real time. The day
 * is checked against the calendar first (February 30 would roll over into March): each read of a local
 * date's parts asks the time zone again, a few microseconds a clipping.
 */
function localInstant(parts: Parts): string | undefined {
  const { year, month, day, hour, minute, second } = parts;
  if (day < 1 || day > daysIn(month, year) || hour > 23 || minute > 59 || second > 59) return undefined;
  return new Date(year, month - 1, day, hour, minute, second).toISOString();
}

/** The instant the words name, or undefined. */
function instantOf(words: readonly string[]): string | undefined {
  const date = dateOf(words);
  const time = date && timeOf(words[date.next] ?? "", words[date.next + 1] ?? "");
  return date && time ? localInstant({ ...date, ...time }) : undefined;
}

/**
 * The instant a clipping was added (ISO 8601 in UTC), from its kind line ('- Your Highlight … | Added on …'),
 * or undefined when none of the line's parts between '|' is a date read here. The date is the last part on
 * every device seen, so the parts are looked at from the last.
 */
export function addedOn(meta: string): string | undefined {
  let end = meta.length;
  for (;;) {
    const bar = end > 0 ? meta.lastIndexOf("|", end - 1) : -1;
    const words = wordsAfterPrefix(meta.slice(bar + 1, end));
    if (words !== undefined) return instantOf(words);
    if (bar === -1) return undefined;
    end = bar;
  }
}
