import { Readable } from "node:stream";
import { CsvError, parse } from "csv-parse";
import { z } from "zod";
import type { ImportFormat, ImportMap } from "../../domain/contract-schemas";
import {
  REQUIRED_FIELDS,
  THOUGHT_FIELDS,
  type ThoughtField,
  thoughtFields,
} from "../../domain/thought-fields";
import { CSV_HEADER, GUARDED_FORMULA } from "../export/csv";
import { type CsvShape, csvShapeOf, guessMap, mappedFields, UnknownCsvError } from "./csv-shapes";
import { ITEM_MAX_BYTES, type ItemSink, UnreadableFileError } from "./items";

const COLUMNS: readonly string[] = CSV_HEADER;
const BY_LOWER_CASE = new Map(COLUMNS.map((name) => [name.toLowerCase(), name]));
const EXPECTED = `Esperava o CSV do Memoteca, com o cabeçalho ${CSV_HEADER.join(",")}.`;
/** The columns a file must have: the fields a create cannot leave out. */
const REQUIRED: readonly string[] = REQUIRED_FIELDS;

/** The export's formula guard, reversed: one leading apostrophe comes off where the export put one. */
const unguard = (text: string) => (GUARDED_FORMULA.test(text) ? text.slice(1) : text);

/** The export writes true/false; anything else is checked (and refused). */
function booleanCell(cell: string): unknown {
  const lower = cell.trim().toLowerCase();
  return lower === "true" ? true : lower === "false" ? false : cell;
}

/**
 * A cell as the field's value, still unchecked: a missing column, or an empty cell of a field a create may
 * leave out, takes the default (the server's date for a date); texts lose the export's formula guard;
 * booleans are read from true/false.
 */
function fieldOf(name: ThoughtField, cell: string | undefined): unknown {
  if (cell === undefined || (cell === "" && !REQUIRED.includes(name))) return undefined;
  const { wire } = thoughtFields[name];
  if (wire instanceof z.ZodBoolean) return booleanCell(cell);
  // The labels' cell: "; " joins them in our export; any semicolon splits, spaces around are trimmed.
  if (wire instanceof z.ZodArray)
    return unguard(cell)
      .split(";")
      .map((label) => label.trim())
      .filter(Boolean);
  return wire instanceof z.ZodString ? unguard(cell) : cell;
}

/** The file, fed to the parser a piece at a time: its records come out as they are found. */
const PIECE_BYTES = 64 * 1024;
function* pieces(body: Buffer): Generator<Buffer> {
  for (let start = 0; start < body.length; start += PIECE_BYTES)
    yield body.subarray(start, start + PIECE_BYTES);
}

/** Our header (in any case), each name as the export writes it, or undefined when the header is not ours. */
export function memotecaHeader(record: string[] | undefined): string[] | undefined {
  // Any case (a spreadsheet may have changed it): each name as the export writes it (criadoEm).
  const header = record?.map((name) => BY_LOWER_CASE.get(name.trim().toLowerCase()) ?? name) ?? [];
  const known = header.length > 0 && header.every((name) => COLUMNS.includes(name));
  if (!known || !REQUIRED.every((name) => header.includes(name)) || new Set(header).size < header.length) {
    return undefined;
  }
  return header;
}

function checkHeader(record: string[] | undefined): string[] {
  const header = memotecaHeader(record);
  if (!header) throw new UnreadableFileError(`O CSV não tem o cabeçalho do Memoteca. ${EXPECTED}`);
  return header;
}

/** A line of our CSV as a thought's raw fields, by the header's columns. */
function memotecaFields(header: string[], record: string[]): Record<string, unknown> {
  const cell = (name: string) => {
    const column = header.indexOf(name);
    return column === -1 ? undefined : record[column];
  };
  return Object.fromEntries(THOUGHT_FIELDS.map((name) => [name, fieldOf(name, cell(name))]));
}

/** The delimiter of the header row: a spreadsheet set to Portuguese writes ';' between columns. */
function delimiterOf(body: Buffer): string {
  const line =
    body
      .subarray(0, 8192)
      .toString("utf8")
      .split(/\r?\n|\r/, 1)[0] ?? "";
  const count = (separator: string) => line.split(separator).length - 1;
  return count(";") > count(",") ? ";" : ",";
}

/** How many rows of a CSV we do not know the mapping step shows. */
const SAMPLE_ROWS = 5;
const SAMPLE_CELL = 200;

function unreadable(error: CsvError): UnreadableFileError {
  if (error.code === "CSV_MAX_RECORD_SIZE") {
    return new UnreadableFileError(
      `A linha ${error.lines} do CSV é grande demais para um pensamento (o texto pode ter no máximo 10.000 caracteres).`,
    );
  }
  return new UnreadableFileError(`O CSV está malformado perto da linha ${error.lines}. ${EXPECTED}`);
}

/**
 * A CSV with a header row. Our export (RFC 4180, a BOM, a header row): the header decides the columns, so a
 * spreadsheet that moved them or dropped `id` still reads. Readwise's export (its header, csv-shapes.ts).
 * Any other header: with `mapa` (which column is which field) each row is read by it; without, the file is
 * refused with its columns and first rows (UnknownCsvError), for the user to map them. Items are named by
 * their line as a spreadsheet shows it: the header is line 1, a quoted line break does not start a new one.
 * The records are read one at a time, and a line too long to be a thought stops the parser there rather
 * than being gathered whole. Says which kind of CSV it was.
 */
export async function readCsv(
  body: Buffer,
  items: ItemSink,
  { mapa }: { mapa?: ImportMap } = {},
): Promise<ImportFormat> {
  const parser = Readable.from(pieces(body)).pipe(
    parse({
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: ITEM_MAX_BYTES,
      delimiter: delimiterOf(body),
    }),
  );
  let shape: CsvShape | undefined;
  let header: string[] = [];
  const sample: string[][] = [];
  let line = 1;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!shape) {
        header = record;
        const ours = mapa ? undefined : memotecaHeader(record);
        shape = ours ? { kind: "csv", header: ours } : csvShapeOf(record, mapa);
        continue;
      }
      if (shape.kind === "unknown") {
        sample.push(record.slice(0, header.length).map((cell) => cell.slice(0, SAMPLE_CELL)));
        if (sample.length === SAMPLE_ROWS) break;
        continue;
      }
      await items.next();
      // Line 1 is the header; a record is a spreadsheet's line, whatever line breaks its quoted fields hold.
      line += 1;
      const at = `linha ${line}`;
      if (shape.kind === "csv") {
        if (record.length !== shape.header.length) {
          items.leaveOut(at, `A linha tem ${record.length} campos; o cabeçalho tem ${shape.header.length}.`);
          continue;
        }
        items.add(at, memotecaFields(shape.header, record));
      } else {
        items.add(at, mappedFields(shape, record));
      }
    }
  } catch (error) {
    if (error instanceof CsvError) throw unreadable(error);
    throw error;
  } finally {
    parser.destroy();
  }
  if (!shape) checkHeader(undefined);
  if (shape?.kind === "unknown") {
    throw new UnknownCsvError(
      header.map((name) => name.slice(0, SAMPLE_CELL)),
      sample,
      guessMap(header),
    );
  }
  if (shape?.kind === "csv-mapeado") shape.checkFilled();
  return shape?.kind ?? "csv";
}
