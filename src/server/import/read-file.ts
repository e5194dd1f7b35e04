import { type ItemSink, UnreadableFileError } from "./items";
import { readCsv } from "./read-csv";
import { readJson } from "./read-json";
import { readKeepZip } from "./read-keep";
import { readKindle } from "./read-kindle";

/** How each kind of file is read, by its media type (the part of Content-Type before any parameter). */
const readers: Record<string, (body: Buffer, items: ItemSink) => Promise<void>> = {
  "application/json": readJson,
  "text/csv": readCsv,
  "application/zip": readKeepZip,
  // What Windows calls a zip.
  "application/x-zip-compressed": readKeepZip,
  // Kindle's My Clippings.txt; its content is checked by the reader.
  "text/plain": readKindle,
};

export const IMPORT_MEDIA_TYPES = Object.keys(readers);

export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

/** Reads a file of one of the kinds an import takes into `items`; any other kind is an unreadable file. */
export async function readImportFile(body: Buffer, mediaType: string, items: ItemSink): Promise<void> {
  const reader = readers[mediaType];
  if (!reader) {
    throw new UnreadableFileError(
      "Envie um arquivo JSON, CSV, o zip do Google Takeout com o Keep ou o My Clippings.txt do Kindle.",
    );
  }
  await reader(body, items);
}
