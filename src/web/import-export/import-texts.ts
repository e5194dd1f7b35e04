import type { ImportFormat } from "../../domain/contract-schemas";
import { counted } from "../../domain/import-summary";
import { formatOneDecimal } from "../../domain/pt-br-numbers";

/** A file's size as people read it: '820 bytes', '14,5 KB', '50 MB' (binary units, as file managers count). */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return counted(bytes, "byte", "bytes");
  if (bytes < 1024 * 1024) return `${formatOneDecimal(bytes / 1024)} KB`;
  return `${formatOneDecimal(bytes / (1024 * 1024))} MB`;
}

/** The heading over the list of items left out for an error. */
export function errorsHeading(count: number): string {
  return counted(count, "item com erro:", "itens com erro:");
}

/** The kinds of file the server tells apart, as the dry run names them. */
export const FORMAT_NAMES: Record<ImportFormat, string> = {
  json: "exportação do Memoteca (JSON) ou db.json",
  csv: "exportação do Memoteca (CSV)",
  keep: "Google Keep (Takeout)",
  kindle: "Kindle (My Clippings.txt)",
  readwise: "Readwise (CSV)",
  kobo: "Kobo (KoboReader.sqlite)",
  koreader: "KOReader (JSON)",
  "kindle-html": "caderno de notas do app Kindle (HTML)",
  "csv-mapeado": "CSV com as colunas escolhidas",
};
