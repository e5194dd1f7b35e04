/**
 * The review's days: a review day begins at the stored hour (viradaHora) in the stored time zone, so at
 * 03:00 with the day turning at 4:00 it is still yesterday's review. Days are written AAAA-MM-DD.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, found);
  }
  return found;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall clock in the time zone at an instant. */
function wallClock(instant: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const dayText = (year: number, month: number, day: number) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/** The calendar date in the time zone at an instant. */
export function calendarDay(instant: number, timeZone: string): string {
  const clock = wallClock(instant, timeZone);
  return dayText(clock.year, clock.month, clock.day);
}

/** The review day at an instant: the calendar date of the instant moved back by the hour the day turns at. */
export function reviewDay(instant: number, timeZone: string, turnsAt: number): string {
  return calendarDay(instant - turnsAt * 60 * 60 * 1000, timeZone);
}

export function parseDay(day: string): { year: number; month: number; day: number } {
  const [year = 1970, month = 1, date = 1] = day.split("-").map(Number);
  return { year, month, day: date };
}

/** The day `days` after (or before) this one. */
export function addDays(day: string, days: number): string {
  const { year, month, day: date } = parseDay(day);
  const moved = new Date(Date.UTC(year, month - 1, date + days));
  return dayText(moved.getUTCFullYear(), moved.getUTCMonth() + 1, moved.getUTCDate());
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const a = parseDay(from);
  const b = parseDay(to);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY_MS);
}

/**
 * The instant the wall clock in the time zone reads this day at this hour (the first such instant in a
 * turn of the clocks; an hour the clocks skip resolves to the instant after the jump).
 */
export function instantAt(day: string, hour: number, timeZone: string): number {
  const { year, month, day: date } = parseDay(day);
  const wanted = Date.UTC(year, month - 1, date, hour);
  let guess = wanted;
  for (let i = 0; i < 3; i++) {
    const clock = wallClock(guess, timeZone);
    const read = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
    const off = read - wanted;
    if (off === 0) break;
    guess -= off;
  }
  return guess;
}

/** When a review day begins and when the next one does (epoch ms). */
export function dayBounds(day: string, timeZone: string, turnsAt: number): { start: number; end: number } {
  return {
    start: instantAt(day, turnsAt, timeZone),
    end: instantAt(addDays(day, 1), turnsAt, timeZone),
  };
}

/**
 * The instants of this calendar date (month and day) in each earlier year from `firstYear`, midnight to
 * midnight in the time zone: 'Neste dia, há N anos'. A 29 February has its day only in leap years.
 */
export function sameDateInEarlierYears(
  day: string,
  firstYear: number,
  timeZone: string,
): [number, number, number][] {
  const { year, month, day: date } = parseDay(day);
  const ranges: [number, number, number][] = [];
  for (let earlier = Math.max(firstYear, year - 100); earlier < year; earlier++) {
    const then = dayText(earlier, month, date);
    if (parseDay(addDays(then, 0)).month !== month) continue;
    ranges.push([instantAt(then, 0, timeZone), instantAt(addDays(then, 1), 0, timeZone), year - earlier]);
  }
  return ranges;
}
