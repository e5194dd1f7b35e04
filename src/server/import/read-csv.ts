import { CsvError, parse } from "csv-parse/sync";
import { CSV_HEADER } from "../export/csv";
import { type ImportCandidate, type ReadFile, UnreadableFileError } from "./items";

const COLUMNS: readonly string[] = CSV_HEADER;
const EXPECTED = `Esperava o CSV do Memoteca, com o cabeçalho ${CSV_HEADER.join(",")}.`;

/** The export's formula guard, reversed: one leading apostrophe comes off before = + - @, a tab or a CR. */
const GUARDED_FORMULA = /^'+[=+\-@\t\r]/;
const unguard = (text: string) => (GUARDED_FORMULA.test(text) ? text.slice(1) : text);

/** The export writes true/false; an empty cell takes the default, anything else is checked (and refused). */
function favoriteCell(cell: string): unknown {
  if (cell === "") return undefined;
  const lower = cell.trim().toLowerCase();
  return lower === "true" ? true : lower === "false" ? false : cell;
}

/**
 * Our CSV export (RFC 4180, a BOM, a header row). The header decides the columns, so a spreadsheet that
 * moved them or dropped `id` still reads; a file without conteudo and autoria in its header is not ours.
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
  if (
    !known ||
    !header.includes("conteudo") ||
    !header.includes("autoria") ||
    new Set(header).size < header.length
  ) {
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
    const cell = (name: string) => record[header.indexOf(name)];
    const modelo = cell("modelo");
    const favorito = cell("favorito");
    candidates.push({
      at,
      fields: {
        conteudo: unguard(cell("conteudo") ?? ""),
        autoria: unguard(cell("autoria") ?? ""),
        modelo: modelo === undefined || modelo === "" ? undefined : modelo,
        favorito: favorito === undefined ? undefined : favoriteCell(favorito),
      },
    });
  }
  return { candidates, leftOut };
}
