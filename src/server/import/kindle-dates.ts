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
 * The words after the prefix, split on spaces and commas, without the colon that may follow the prefix,
 * the 'de' of Portuguese dates, or a period that ends an abbreviated month ('mar.').
 */
function wordsAfterPrefix(part: string): string[] | undefined {
  const lower = part.trim().toLowerCase();
  const prefix = PREFIXES.find((start) => lower.startsWith(start));
  if (prefix === undefined) return undefined;
  return lower
    .slice(prefix.length)
    .replace(/^\s*:/, "")
    .split(/[\s,]+/)
    .filter((word) => word !== "" && word !== "de")
    .map((word) => (MONTHS.has(word.slice(0, -1)) && word.endsWith(".") ? word.slice(0, -1) : word));
}

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The day, month and year among the words, in either order ('March 3, 2023', '3 de março de 2023'). */
function dateOf(
  words: string[],
): { date: Omit<Parts, "hour" | "minute" | "second">; rest: string[] } | undefined {
  for (let at = 0; at + 2 < words.length; at += 1) {
    const [a = "", b = "", c = ""] = words.slice(at, at + 3);
    const monthFirst = MONTHS.get(a);
    if (monthFirst !== undefined && DAY.test(b) && YEAR.test(c)) {
      return { date: { year: Number(c), month: monthFirst, day: Number(b) }, rest: words.slice(at + 3) };
    }
    const monthSecond = MONTHS.get(b);
    if (monthSecond !== undefined && DAY.test(a) && YEAR.test(c)) {
      return { date: { year: Number(c), month: monthSecond, day: Number(a) }, rest: words.slice(at + 3) };
    }
  }
  return undefined;
}

/** The time of day from the words after the date: '22:15:22', '10:15:22 PM', '10:15 pm'. */
function timeOf(rest: string[]): Pick<Parts, "hour" | "minute" | "second"> | undefined {
  const time = TIME.exec(rest[0] ?? "");
  if (!time) return undefined;
  let hour = Number(time[1]);
  const meridiem = MERIDIEM.exec(rest[1] ?? "")?.[1];
  if (meridiem !== undefined) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (meridiem === "p" ? 12 : 0);
  }
  return { hour, minute: Number(time[2]), second: Number(time[3] ?? 0) };
}

/** The instant of the parts in the server's time zone, or undefined when they name no real time. */
function localInstant(parts: Parts): string | undefined {
  const { year, month, day, hour, minute, second } = parts;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const date = new Date(year, month - 1, day, hour, minute, second);
  // February 30 would roll over into March: a day the calendar does not have is no date.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day)
    return undefined;
  return date.toISOString();
}

/**
 * The instant a clipping was added (ISO 8601 in UTC), from its kind line's parts (split on '|'), or
 * undefined when none of them is a date read here.
 */
export function addedOn(parts: readonly string[]): string | undefined {
  for (const part of parts) {
    const words = wordsAfterPrefix(part);
    if (words === undefined) continue;
    const found = dateOf(words);
    const time = found && timeOf(found.rest);
    return found && time ? localInstant({ ...found.date, ...time }) : undefined;
  }
  return undefined;
}
