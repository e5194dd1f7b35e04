import { IMPORT_CONTENT_TYPES, type ImportFormat, type ImportMap } from "../../domain/contract-schemas";
import { isReadwiseHeader } from "./csv-shapes";
import { type ItemSink, UnreadableFileError } from "./items";
import { CLIPPING_SEPARATOR } from "./kindle-clippings";
import { memotecaHeader, readCsv } from "./read-csv";
import { readJson } from "./read-json";
import { readKeepZip } from "./read-keep";
import { readKindle } from "./read-kindle";
import { readKindleNotebook } from "./read-kindle-notebook";
import { readKobo, SQLITE_HEADER } from "./read-kobo";

/** What a reader may be told besides the file: which column of a CSV is which field. */
export interface ReadOptions {
  mapa?: ImportMap;
}

type Reader = (body: Buffer, items: ItemSink, options: ReadOptions) => Promise<ImportFormat>;

const readers = {
  json: readJson,
  csv: readCsv,
  keep: async (body, items) => {
    await readKeepZip(body, items);
    return "keep";
  },
  kindle: async (body, items) => {
    await readKindle(body, items);
    return "kindle";
  },
  kobo: async (body, items) => {
    await readKobo(body, items);
    return "kobo";
  },
  "kindle-html": async (body, items) => {
    await readKindleNotebook(body, items);
    return "kindle-html";
  },
} satisfies Record<string, Reader>;
type Kind = keyof typeof readers;

/** The media types the import takes (the part of Content-Type before any parameter). */
export const IMPORT_MEDIA_TYPES: string[] = [...IMPORT_CONTENT_TYPES, "application/x-zip-compressed"];

/**
 * Which reader a file goes to when its content says nothing a reader knows, by the type it was sent as: so
 * a broken file is refused in the words of what it claimed to be ('não é um zip legível').
 */
const BY_MEDIA_TYPE: Record<string, Kind> = {
  "application/json": "json",
  "application/zip": "keep",
  // What Windows calls a zip.
  "application/x-zip-compressed": "keep",
  "text/plain": "kindle",
  "text/html": "kindle-html",
  "application/vnd.sqlite3": "kobo",
  "application/x-sqlite3": "kobo",
};

export const NOT_RECOGNISED =
  "Não reconheci o arquivo. O Memoteca lê exportações do Memoteca (JSON ou CSV), o db.json do app original, o .zip do Google Takeout (Keep), o My Clippings.txt e o caderno de notas (HTML) do Kindle, o CSV do Readwise, o KoboReader.sqlite do Kobo, o JSON do KOReader e qualquer CSV com cabeçalho.";

export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

const ZIP_HEADERS = [Buffer.from("PK\x03\x04", "latin1"), Buffer.from("PK\x05\x06", "latin1")];
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** How much of a file's start is looked at to tell text from binary, and a CSV's first line. */
const SNIFF_BYTES = 8192;

function firstByte(body: Buffer): number | undefined {
  let at = body.subarray(0, 3).equals(BOM) ? 3 : 0;
  while (at < body.length && [0x20, 0x09, 0x0a, 0x0d].includes(body[at] ?? 0)) at += 1;
  return body[at];
}

/** Kindle's clippings: a line of ten '=' somewhere, at a line's start. */
function hasClippingSeparator(body: Buffer): boolean {
  const at = body.indexOf(CLIPPING_SEPARATOR);
  return at === 0 || (at > 0 && (body[at - 1] === 0x0a || body[at - 1] === 0x0d));
}

function firstLine(body: Buffer): string {
  const start = body
    .subarray(0, SNIFF_BYTES)
    .toString("utf8")
    .replace(/^\uFEFF/, "");
  return start.split(/\r?\n|\r/, 1)[0] ?? "";
}

/** The first line holds a comma or a semicolon: the header row of a CSV. */
function firstLineHasSeparator(body: Buffer): boolean {
  return /[,;]/.test(firstLine(body));
}

/** The first line is our CSV's header or Readwise's (neither has a comma or a quote inside a name). */
function knownCsvHeader(body: Buffer): boolean {
  const names = firstLine(body).split(",");
  return memotecaHeader(names) !== undefined || isReadwiseHeader(names);
}

/**
 * The file's kind, from its content: SQLite's header is Kobo's database, a zip's is a Takeout, '{' or '['
 * is JSON, '<' is HTML (Kindle's notebook), a line of ten '=' is Kindle's clippings, other text is a CSV.
 * Where the content says none of these, the type it was sent as decides (and its reader refuses it).
 */
export function kindOf(body: Buffer, mediaType: string): Kind | undefined {
  if (body.subarray(0, SQLITE_HEADER.length).equals(SQLITE_HEADER)) return "kobo";
  if (ZIP_HEADERS.some((header) => body.subarray(0, 4).equals(header))) return "keep";
  const first = firstByte(body);
  if (first === 0x7b || first === 0x5b) return "json";
  if (first === 0x3c) return "kindle-html";
  const binary = body.subarray(0, SNIFF_BYTES).includes(0);
  // A known header first: a thought's text may hold a line of ten '=' too.
  if (!binary && knownCsvHeader(body)) return "csv";
  if (!binary && hasClippingSeparator(body)) return "kindle";
  const claimed = BY_MEDIA_TYPE[mediaType];
  if (claimed && (claimed !== "kindle" || !firstLineHasSeparator(body))) return claimed;
  return binary ? undefined : "csv";
}

/**
 * Reads a file of one of the kinds an import takes into `items`, whatever its name or the type it was sent
 * as (see kindOf); a file of no kind it knows is an unreadable file. Says which kind it was.
 */
export async function readImportFile(
  body: Buffer,
  mediaType: string,
  items: ItemSink,
  options: ReadOptions = {},
): Promise<ImportFormat> {
  const kind = kindOf(body, mediaType);
  if (!kind) throw new UnreadableFileError(NOT_RECOGNISED);
  return (readers[kind] as Reader)(body, items, options);
}
