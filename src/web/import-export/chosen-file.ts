import { IMPORT_CONTENT_TYPES, IMPORT_MAX_BYTES } from "../../domain/contract-schemas";
import type { ImportContentType } from "../api/import-file";
import { fileSize } from "./import-texts";

export const WRONG_TYPE =
  "Escolha uma exportação do Memoteca (.json ou .csv), o db.json do app original, o .zip do Google Takeout (Keep), o My Clippings.txt ou o caderno de notas (.html) do Kindle, o CSV do Readwise, o KoboReader.sqlite do Kobo, o JSON do KOReader ou um CSV com cabeçalho.";

/** Kinds no import reads, refused before a byte is sent: a picture, a sound, a film, a PDF. */
const NEVER_IMPORTED = /^(?:image|audio|video)\/|^application\/pdf$/;

export const NO_FILE = "Escolha um arquivo para importar.";

const byExtension = new Map<string, ImportContentType>([
  ["json", "application/json"],
  ["csv", "text/csv"],
  ["zip", "application/zip"],
  // Kindle's My Clippings.txt; the server checks that it is one.
  ["txt", "text/plain"],
  ["html", "text/html"],
  ["htm", "text/html"],
  ["sqlite", "application/vnd.sqlite3"],
]);

const isImportType = (type: string): type is ImportContentType =>
  (IMPORT_CONTENT_TYPES as readonly string[]).includes(type);

export type FileCheck =
  | { ok: true; file: File; contentType: ImportContentType }
  | { ok: false; problem: string };

/**
 * Whether the file can be sent, and as which Content-Type: the browser's type when it is one the import
 * reads, else the extension's (Windows names a .csv 'application/vnd.ms-excel', a .zip
 * 'application/x-zip-compressed'), else application/octet-stream: the server tells the kind by the content
 * (a KoboReader.sqlite or a file without an extension included). A file over the limit is refused here
 * rather than after uploading it. No file at all cannot be sent either.
 */
export function checkFile(file: File | undefined): FileCheck {
  if (!file) return { ok: false, problem: NO_FILE };
  if (NEVER_IMPORTED.test(file.type)) return { ok: false, problem: WRONG_TYPE };
  const extension = file.name.includes(".") ? file.name.split(".").pop()?.toLowerCase() : undefined;
  const contentType =
    byExtension.get(extension ?? "") ?? (isImportType(file.type) ? file.type : "application/octet-stream");
  if (file.size > IMPORT_MAX_BYTES) return { ok: false, problem: tooLarge(file.size) };
  return { ok: true, file, contentType };
}

export function tooLarge(size?: number): string {
  const limit = `o limite é ${fileSize(IMPORT_MAX_BYTES)}`;
  return size === undefined
    ? `O arquivo é grande demais: ${limit}.`
    : `O arquivo tem ${fileSize(size)}; ${limit}.`;
}
