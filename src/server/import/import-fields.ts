import { distinctLabels, isDotSegment, LABEL_FORBIDDEN, normalizeLabel } from "../../domain/labels";
import { AUTHOR_MAX, LABEL_MAX, LABELS_MAX, PLACE_MAX, SOURCE_MAX } from "../../domain/rules";
import { shorten } from "./kindle-fields";

/**
 * What the readers of other apps' files share: a text cell or value as a trimmed text, an instant from the
 * ways apps write one, labels that meet the rules, and the fields a highlight of a book fills.
 */

/** A value as a trimmed text, or undefined when it is not a text or is empty. */
export function textOf(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const text = value.replace(/\r\n?/g, "\n").trim();
  return text === "" ? undefined : text;
}

/** '2023-05-14', then an optional time '10:22', ':33', '.123', then an optional zone 'Z', '+00:00', '-0300'. */
const ISO_LIKE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
/** '14/05/2023' or '14/05/2023 10:22[:33]': day first, as Brazil writes it. */
const DAY_FIRST = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** The instant as the contract sends it, or undefined when it is not a real one (or past year 9999). */
function instant(ms: number): string | undefined {
  const date = new Date(ms);
  return Number.isNaN(ms) || date.getUTCFullYear() > 9999 || date.getUTCFullYear() < 1
    ? undefined
    : date.toISOString();
}

/**
 * Epoch ms (as UTC) of a date and time written as text parts, or undefined when they name no real moment:
 * a month, hour, minute or second out of range, or a day the month does not have (31 April).
 */
function utcMs(parts: {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
  fraction?: string;
}): number | undefined {
  const [year, month, day, hour, minute, second] = [
    parts.year,
    parts.month,
    parts.day,
    parts.hour,
    parts.minute,
    parts.second,
  ].map(Number) as [number, number, number, number, number, number];
  const inRange =
    month >= 1 && month <= 12 && day >= 1 && day <= 31 && hour <= 23 && minute <= 59 && second <= 59;
  if (!inRange) return undefined;
  const ms = Math.floor(Number(`0.${parts.fraction ?? "0"}`) * 1000);
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  return new Date(utc).getUTCDate() === day ? utc : undefined;
}

/**
 * The instant an app's date text names, or undefined when it names none: ISO 8601 and its near kin
 * ('2021-09-13 17:21:00+00:00', Kobo's '2023-05-14T10:22:33.000'), and the day-first '14/05/2023 10:22'.
 * A text without a zone is read as UTC (Kobo and Readwise write UTC); a day that does not exist gives none.
 */
export function instantFromText(value: unknown): string | undefined {
  const text = textOf(value);
  if (text === undefined || text.length > 64) return undefined;
  const iso = ISO_LIKE.exec(text);
  if (iso) {
    const [, year = "", month = "", day = "", hour = "0", minute = "0", second = "0", fraction, zone] = iso;
    const ms = utcMs({ year, month, day, hour, minute, second, fraction });
    return ms === undefined ? undefined : instant(ms - zoneOffsetMs(zone));
  }
  const dayFirst = DAY_FIRST.exec(text);
  if (dayFirst) {
    const [, day = "", month = "", year = "", hour = "0", minute = "0", second = "0"] = dayFirst;
    const ms = utcMs({ year, month, day, hour, minute, second });
    return ms === undefined ? undefined : instant(ms);
  }
  return undefined;
}

function zoneOffsetMs(zone: string | undefined): number {
  if (zone === undefined || zone.toUpperCase() === "Z") return 0;
  const sign = zone.startsWith("-") ? -1 : 1;
  const digits = zone.slice(1).replace(":", "");
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0)) * 60_000;
}

/** Unix seconds (KOReader's `time`) as an instant, or undefined. */
export function instantFromSeconds(value: unknown): string | undefined {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) return undefined;
  return instant(Math.round(value * 1000));
}

/**
 * Labels from an app's tags that meet the rules, the app's own label first: each trimmed and normalised, a
 * tag too long or holding a comma, semicolon or line break left out (a tag is not worth a thought
 * refused), repeats by key once, at most LABELS_MAX.
 */
export function labelsFrom(own: readonly string[], tags: readonly string[] = []): string[] {
  const fitting = [...own, ...tags]
    .map((tag) => normalizeLabel(tag).trim())
    .filter(
      (tag) => tag !== "" && tag.length <= LABEL_MAX && !LABEL_FORBIDDEN.test(tag) && !isDotSegment(tag),
    );
  return distinctLabels(fitting).slice(0, LABELS_MAX);
}

/** Tags written in one cell: split on commas and semicolons. */
export function tagsInCell(cell: string | undefined): string[] {
  return (cell ?? "").split(/[,;]/).map((tag) => tag.trim());
}

/**
 * A book's highlight as a thought's fields, before the rules check them: the text, who wrote it (the book's
 * title when it has no author, as an author is required), the book as `fonte`, where in it as `local`, the
 * reader's note, when it was made, the labels. What the file does not tell is left out, for the default.
 */
export function highlightFields(highlight: {
  text: string;
  author?: string;
  book?: string;
  place?: string;
  note?: string;
  createdAt?: string;
  labels: string[];
}): Record<string, unknown> {
  const author = highlight.author ?? highlight.book;
  const fields: Record<string, unknown> = { conteudo: highlight.text, etiquetas: highlight.labels };
  if (author !== undefined) fields.autoria = shorten(author.replace(/\s*\n\s*/g, ", "), AUTHOR_MAX);
  if (highlight.book !== undefined) fields.fonte = shorten(highlight.book.replace(/\s+/g, " "), SOURCE_MAX);
  if (highlight.place !== undefined) fields.local = shorten(highlight.place, PLACE_MAX);
  if (highlight.note !== undefined) fields.nota = highlight.note;
  if (highlight.createdAt !== undefined) fields.criadoEm = highlight.createdAt;
  return fields;
}
