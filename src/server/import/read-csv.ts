import { CsvError, parse } from "csv-parse/sync";
import { z } from "zod";
import {
  THOUGHT_FIELDS,
  type ThoughtField,
  thoughtDefaults,
  thoughtFields,
} from "../../domain/thought-fields";
import { CSV_HEADER } from "../export/csv";
import { type ImportCandidate, type ReadFile, UnreadableFileError } from "./items";

const COLUMNS: readonly string[] = CSV_HEADER;
const EXPECTED = `Esperava o CSV do Memoteca, com o cabeçalho ${CSV_HEADER.join(",")}.`;
/** The columns a file must have: the fields a create cannot leave out. */
const REQUIRED = THOUGHT_FIELDS.filter((name) => !(name in thoughtDefaults));

/** The export's formula guard, reversed: one leading apostrophe comes off before = + - @, a tab or a CR. */
const GUARDED_FORMULA = /^'+[=+\-@\t\r]/;
const unguard = (text: string) => (GUARDED_FORMULA.test(text) ? text.slice(1) : text);

/** The export writes true/false; anything else is checked (and refused). */
function booleanCell(cell: string): unknown {
  const lower = cell.trim().toLowerCase();
  return lower === "true" ? true : lower === "false" ? false : cell;
}

/**
 * A cell as the field's value, still unchecked: a missing column, or an empty cell of a field with a
 * default, takes the default; texts lose the export's formula guard; booleans are read from true/false.
 */
function fieldOf(name: ThoughtField, cell: string | undefined): unknown {
  if (cell === undefined || (cell === "" && name in thoughtDefaults)) return undefined;
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

/**
 * Our CSV export (RFC 4180, a BOM, a header row). The header decides the columns, so a spreadsheet that
 * moved them or dropped `id` still reads; a file without the required fields in its header is not ours.
 * Items are named by their line as a spreadsheet shows it: the header is line 1, a quoted line break does
 * not start a new one.
 */
export function readCsv(body: Buffer): ReadFile {
  let records: string[][];
  try {
    records = parse(body, { bom: true, relax_column_count: true, skip_empty_lines: true });
  } catch (error) {
    if (error instanceof CsvError) {
      throw new UnreadableFileError(`O CSV está malformado perto da linha ${error.lines}. ${EXPECTED}`);
    }
    throw error;
  }
  const header = records[0]?.map((name) => name.trim().toLowerCase()) ?? [];
  const known = header.length > 0 && header.every((name) => COLUMNS.includes(name));
  if (!known || !REQUIRED.every((name) => header.includes(name)) || new Set(header).size < header.length) {
    throw new UnreadableFileError(`O CSV não tem o cabeçalho do Memoteca. ${EXPECTED}`);
  }
  const candidates: ImportCandidate[] = [];
  const leftOut: ReadFile["leftOut"] = [];
  // Line 1 is the header; a record is a spreadsheet's line, whatever line breaks its quoted fields hold.
  for (const [index, record] of records.entries()) {
    if (index === 0) continue;
    const at = `linha ${index + 1}`;
    if (record.length !== header.length) {
      leftOut.push({ at, message: `A linha tem ${record.length} campos; o cabeçalho tem ${header.length}.` });
      continue;
    }
    const cell = (name: string) => {
      const column = header.indexOf(name);
      return column === -1 ? undefined : record[column];
    };
    const fields = Object.fromEntries(THOUGHT_FIELDS.map((name) => [name, fieldOf(name, cell(name))]));
    candidates.push({ at, fields });
  }
  return { candidates, leftOut };
}
