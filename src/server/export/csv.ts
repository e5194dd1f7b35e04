import type { Thought } from "../../domain/contract";

/** Excel and LibreOffice take the file for UTF-8 only with it. */
export const CSV_BOM = "\uFEFF";
export const CSV_HEADER = ["id", "conteudo", "autoria", "modelo", "favorito"] as const;

/**
 * A text a spreadsheet would run as a formula (= + - @, or a tab or CR before one) gets a leading
 * apostrophe. Texts that already start with apostrophes before such a character get one more, so the rule
 * reverses exactly: an importer strips ONE leading apostrophe from a field matching /^'+[=+\-@\t\r]/.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

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

/** RFC 4180 CSV with a BOM and a header row; favorito as true/false; texts guarded against formulas. */
export async function* csvExport(thoughts: AsyncIterable<Thought>): AsyncGenerator<string> {
  yield CSV_BOM + csvRow(CSV_HEADER);
  for await (const t of thoughts) {
    yield csvRow([
      String(t.id),
      neutralizeFormula(t.conteudo),
      neutralizeFormula(t.autoria),
      t.modelo,
      String(t.favorito),
    ]);
  }
}
