import { counted } from "../../domain/import-summary";

const decimal = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 1 });

/** A file's size as people read it: '820 bytes', '14,5 KB', '50 MB' (binary units, as file managers count). */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return counted(bytes, "byte", "bytes");
  if (bytes < 1024 * 1024) return `${decimal.format(bytes / 1024)} KB`;
  return `${decimal.format(bytes / (1024 * 1024))} MB`;
}

/** The heading over the list of items left out for an error. */
export function errorsHeading(count: number): string {
  return counted(count, "item com erro:", "itens com erro:");
}
