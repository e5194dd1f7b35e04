import type { Thought } from "../../domain/contract";
import type { ExportFormat } from "../../domain/contract-schemas";
import type { ReviewLogEntry } from "../db";
import { csvExport } from "./csv";
import { jsonExport } from "./json";
import { markdownExport } from "./markdown";

/** What every format is given: the thoughts, oldest first, and when the export was made. */
export interface ExportOptions {
  exportedAt: Date;
  /** The review log (every answer of the daily review): the JSON export writes it as `revisoes`. */
  reviewLog?: AsyncIterable<ReviewLogEntry>;
}

/** A format turns a stream of thoughts into a stream of text pieces; nothing is held beyond one thought. */
export type Render = (thoughts: AsyncIterable<Thought>, options: ExportOptions) => AsyncGenerator<string>;

export interface ExportFormatSpec {
  extension: string;
  contentType: string;
  render: Render;
}

export const exportFormats: Record<ExportFormat, ExportFormatSpec> = {
  json: { extension: "json", contentType: "application/json; charset=utf-8", render: jsonExport },
  markdown: { extension: "md", contentType: "text/markdown; charset=utf-8", render: markdownExport },
  csv: { extension: "csv", contentType: "text/csv; charset=utf-8", render: csvExport },
};

/** The day in the server's own time zone, as AAAA-MM-DD. */
export function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `memoteca-AAAA-MM-DD.json` (or .md, .csv). */
export function exportFileName(format: ExportFormat, exportedAt: Date): string {
  return `memoteca-${localDate(exportedAt)}.${exportFormats[format].extension}`;
}
