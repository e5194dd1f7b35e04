import type { Thought } from "../../domain/contract";
import { THOUGHT_KEYS } from "../../domain/contract-schemas";
import { LABEL_CELL_SEPARATOR } from "../../domain/labels";

/** Excel and LibreOffice take the file for UTF-8 only with it. */
export const CSV_BOM = "\uFEFF";
/** One column per key of the thought, in the API's order. */
export const CSV_HEADER = THOUGHT_KEYS;

/**
 * The characters a spreadsheet may take for the start of a formula: = + - @, their full-width forms
 * (＝ ＋ － ＠, which some spreadsheets fold to ASCII) and small forms (﹦ ﹢ ﹣ ﹫), and the tab and CR
 * that can stand before one.
 */
const FORMULA_CHARS = "=+\\-@\\t\\r\\uFF1D\\uFF0B\\uFF0D\\uFF20\\uFE66\\uFE62\\uFE63\\uFE6B";

/**
 * A text a spreadsheet would run as a formula gets a leading apostrophe. Texts that already start with
 * apostrophes before such a character get one more, so the rule reverses exactly: an importer strips ONE
 * leading apostrophe from a field matching GUARDED_FORMULA.
 */
const FORMULA_START = new RegExp(`^'*[${FORMULA_CHARS}]`);
/** A field this export guarded: apostrophes, then a formula start. The importer strips one apostrophe. */
export const GUARDED_FORMULA = new RegExp(`^'+[${FORMULA_CHARS}]`);

export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** RFC 4180: a field holding a comma, a quote, CR or LF is quoted, its quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function csvRow(fields: readonly string[]): string {
  return `${fields.map(csvField).join(",")}\r\n`;
}

/**
 * A value as a cell: a text guarded against formulas, a number or a boolean (true/false) as written, a list
 * (the labels) joined by "; " in one cell (a label holds no semicolon), guarded as one text.
 */
function cell(value: Thought[keyof Thought]): string {
  if (Array.isArray(value)) return neutralizeFormula(value.join(LABEL_CELL_SEPARATOR));
  return typeof value === "string" ? neutralizeFormula(value) : String(value);
}

/** RFC 4180 CSV with a BOM and a header row; booleans as true/false; texts guarded against formulas. */
export async function* csvExport(thoughts: AsyncIterable<Thought>): AsyncGenerator<string> {
  yield CSV_BOM + csvRow(CSV_HEADER);
  for await (const thought of thoughts) yield csvRow(CSV_HEADER.map((key) => cell(thought[key])));
}
