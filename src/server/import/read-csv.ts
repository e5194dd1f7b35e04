import { Readable } from "node:stream";
import { CsvError, parse } from "csv-parse";
import { z } from "zod";
import {
  REQUIRED_FIELDS,
  THOUGHT_FIELDS,
  type ThoughtField,
  thoughtFields,
} from "../../domain/thought-fields";
import { CSV_HEADER, GUARDED_FORMULA } from "../export/csv";
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

function checkHeader(record: string[] | undefined): string[] {
  // Any case (a spreadsheet may have changed it): each name as the export writes it (criadoEm).
  const header = record?.map((name) => BY_LOWER_CASE.get(name.trim().toLowerCase()) ?? name) ?? [];
  const known = header.length > 0 && header.every((name) => COLUMNS.includes(name));
  if (!known || !REQUIRED.every((name) => header.includes(name)) || new Set(header).size < header.length) {
    throw new UnreadableFileError(`O CSV não tem o cabeçalho do Memoteca. ${EXPECTED}`);
  }
  return header;
}

function unreadable(error: CsvError): UnreadableFileError {
  if (error.code === "CSV_MAX_RECORD_SIZE") {
    return new UnreadableFileError(
      `A linha ${error.lines} do CSV é grande demais para um pensamento (o texto pode ter no máximo 10.000 caracteres).`,
    );
  }
  return new UnreadableFileError(`O CSV está malformado perto da linha ${error.lines}. ${EXPECTED}`);
}

/**
 * Our CSV export (RFC 4180, a BOM, a header row). The header decides the columns, so a spreadsheet that
 * moved them or dropped `id` still reads; a file without the required fields in its header is not ours.
 * Items are named by their line as a spreadsheet shows it: the header is line 1, a quoted line break does
 * not start a new one. The records are read one at a time, and a line too long to be a thought stops the
 * parser there rather than being gathered whole.
 */
export async function readCsv(body: Buffer, items: ItemSink): Promise<void> {
  const parser = Readable.from(pieces(body)).pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: true, max_record_size: ITEM_MAX_BYTES }),
  );
  let header: string[] | undefined;
  let line = 1;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!header) {
        header = checkHeader(record);
        continue;
      }
      await items.next();
      // Line 1 is the header; a record is a spreadsheet's line, whatever line breaks its quoted fields hold.
      line += 1;
      const at = `linha ${line}`;
      if (record.length !== header.length) {
        items.leaveOut(at, `A linha tem ${record.length} campos; o cabeçalho tem ${header.length}.`);
        continue;
      }
      const columns = header;
      const cell = (name: string) => {
        const column = columns.indexOf(name);
        return column === -1 ? undefined : record[column];
      };
      items.add(at, Object.fromEntries(THOUGHT_FIELDS.map((name) => [name, fieldOf(name, cell(name))])));
    }
  } catch (error) {
    if (error instanceof CsvError) throw unreadable(error);
    throw error;
  } finally {
    parser.destroy();
  }
  if (!header) checkHeader(undefined);
}
