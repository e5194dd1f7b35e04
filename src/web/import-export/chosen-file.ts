import { IMPORT_CONTENT_TYPES, IMPORT_MAX_BYTES } from "../../domain/contract-schemas";
import type { ImportContentType } from "../api/import-file";
import { fileSize } from "./import-texts";

/** The file field's `accept`: what the import reads. */
export const ACCEPTED_FILES = ".json,.csv,.zip,.txt";

export const WRONG_TYPE =
  "Escolha um arquivo .json, .csv, .zip ou .txt: uma exportação do Memoteca, o db.json do app original, o .zip do Google Takeout (Keep) ou o My Clippings.txt do Kindle.";

export const NO_FILE = "Escolha um arquivo para importar.";

const byExtension = new Map<string, ImportContentType>([
  ["json", "application/json"],
  ["csv", "text/csv"],
  ["zip", "application/zip"],
  // Kindle's My Clippings.txt; the server checks that it is one.
  ["txt", "text/plain"],
]);

const isImportType = (type: string): type is ImportContentType =>
  (IMPORT_CONTENT_TYPES as readonly string[]).includes(type);

export type FileCheck =
  | { ok: true; file: File; contentType: ImportContentType }
  | { ok: false; problem: string };

/**
 * Whether the file can be sent, and as which Content-Type: the browser's type when it is one the import
 * reads, else the extension's (Windows names a .csv 'application/vnd.ms-excel', a .zip
 * 'application/x-zip-compressed'). A file over the limit is refused here rather than after uploading it.
 * No file at all cannot be sent either.
 */
export function checkFile(file: File | undefined): FileCheck {
  if (!file) return { ok: false, problem: NO_FILE };
  const extension = file.name.includes(".") ? file.name.split(".").pop()?.toLowerCase() : undefined;
  const contentType = isImportType(file.type) ? file.type : byExtension.get(extension ?? "");
  if (!contentType) return { ok: false, problem: WRONG_TYPE };
  if (file.size > IMPORT_MAX_BYTES) return { ok: false, problem: tooLarge(file.size) };
  return { ok: true, file, contentType };
}

export function tooLarge(size?: number): string {
  const limit = `o limite é ${fileSize(IMPORT_MAX_BYTES)}`;
  return size === undefined
    ? `O arquivo é grande demais: ${limit}.`
    : `O arquivo tem ${fileSize(size)}; ${limit}.`;
}
