import type { ImportMap, ImportMapField } from "../../domain/contract-schemas";
import { IMPORT_MAP_FIELDS } from "../../domain/contract-schemas";
import { highlightFields, instantFromText, labelsFrom, tagsInCell, textOf } from "./import-fields";
import { UnreadableFileError } from "./items";

/**
 * The CSVs of other apps: Readwise's export, known by its header, and any CSV with a header row, read by a
 * mapping the user gives (`mapa`: which column is the text, the author, the source…).
 */

/** Readwise's CSV export, its header as it writes it. */
export const READWISE_HEADER = [
  "Highlight",
  "Book Title",
  "Book Author",
  "Amazon Book ID",
  "Note",
  "Color",
  "Tags",
  "Location Type",
  "Location",
  "Highlighted at",
  "Document tags",
] as const;
/** The columns the reader needs of it: a header with these is Readwise's, whatever else it holds. */
const READWISE_NEEDED = [
  "Highlight",
  "Book Title",
  "Book Author",
  "Note",
  "Tags",
  "Location Type",
  "Location",
];

/** Whether a header row is Readwise's: it has the columns the reader needs, in any order. */
export function isReadwiseHeader(names: readonly string[]): boolean {
  const trimmed = names.map((name) => name.trim());
  return READWISE_NEEDED.every((name) => trimmed.includes(name));
}

/** The label every thought from Readwise gets. */
export const READWISE_LABEL = "readwise";

/** The names of the fields as the mapping step and its messages say them. */
export const MAP_FIELD_NAMES: Record<ImportMapField, string> = {
  conteudo: "o texto",
  autoria: "a autoria",
  fonte: "a fonte",
  local: "o local",
  nota: "a nota",
  criadoEm: "a data",
  etiquetas: "as etiquetas",
};

/**
 * A CSV whose header is not one the app knows, sent without a mapping: its columns, its first rows, and a
 * guess at the mapping, for the user to say which column is which. A dry run answers with them; an import
 * is refused.
 */
export class UnknownCsvError extends UnreadableFileError {
  constructor(
    readonly columns: string[],
    readonly sample: string[][],
    readonly suggestion: Partial<Record<ImportMapField, string>>,
  ) {
    super(
      `O CSV não tem o cabeçalho do Memoteca nem o do Readwise (suas colunas: ${columns.slice(0, 8).join(", ")}). Simule a importação na tela Importar e exportar para dizer qual coluna é o texto, a autoria, a fonte, a nota, a data e as etiquetas, ou envie o parâmetro mapa.`,
    );
  }
}

type Columns = Partial<Record<ImportMapField, number>>;

export type CsvShape =
  | { kind: "csv"; header: string[] }
  | { kind: "readwise"; at: Record<(typeof READWISE_HEADER)[number], number> }
  | { kind: "csv-mapeado"; at: Columns; filled: Columns; checkFilled(): void }
  | { kind: "unknown" };

/** Folded for comparing names: lower case, no accents, no spaces around. */
const folded = (name: string) => name.normalize("NFD").replace(/\p{M}/gu, "").trim().toLowerCase();

/**
 * The shape of a CSV whose header is not ours: read by `mapa` when it is given (each named column must be
 * in the header), else Readwise's when the header is, else unknown. A header of one column cannot hold both
 * a text and an author.
 */
export function csvShapeOf(header: string[], mapa: ImportMap | undefined): CsvShape {
  const trimmed = header.map((name) => name.trim());
  if (mapa) {
    const at: Columns = {};
    for (const field of IMPORT_MAP_FIELDS) {
      const name = mapa[field];
      if (name === undefined) continue;
      const column = trimmed.indexOf(name.trim());
      if (column === -1) {
        throw new UnreadableFileError(
          `O CSV não tem a coluna "${name}", escolhida para ${MAP_FIELD_NAMES[field]}. As colunas são: ${trimmed.join(", ")}.`,
        );
      }
      at[field] = column;
    }
    const filled: Columns = { conteudo: 0, autoria: 0 };
    return {
      kind: "csv-mapeado",
      at,
      filled,
      checkFilled() {
        for (const field of ["conteudo", "autoria"] as const) {
          if (filled[field] === 0) {
            throw new UnreadableFileError(
              `A coluna "${mapa[field]}", escolhida para ${MAP_FIELD_NAMES[field]}, está vazia em todas as linhas. Escolha outra coluna.`,
            );
          }
        }
      },
    };
  }
  if (isReadwiseHeader(trimmed)) {
    return {
      kind: "readwise",
      at: Object.fromEntries(READWISE_HEADER.map((name) => [name, trimmed.indexOf(name)])) as Record<
        (typeof READWISE_HEADER)[number],
        number
      >,
    };
  }
  if (trimmed.length < 2) {
    throw new UnreadableFileError(
      "O CSV tem uma coluna só: esperava ao menos uma coluna para o texto e outra para a autoria.",
    );
  }
  return { kind: "unknown" };
}

/** Where a Readwise highlight is: 'página 12', 'posição 180'; other kinds of place are not said. */
function readwisePlace(type: string | undefined, location: string | undefined): string | undefined {
  if (location === undefined || location === "0") return undefined;
  const kind = folded(type ?? "");
  if (kind === "page") return `página ${location}`;
  if (kind === "location") return `posição ${location}`;
  return undefined;
}

/** A row of Readwise's export, or of a mapped CSV, as a thought's raw fields. */
export function mappedFields(shape: CsvShape, record: string[]): Record<string, unknown> {
  if (shape.kind === "readwise") {
    const cell = (name: (typeof READWISE_HEADER)[number]) => {
      const column = shape.at[name];
      return column === -1 ? undefined : textOf(record[column]);
    };
    return highlightFields({
      text: cell("Highlight") ?? "",
      author: cell("Book Author"),
      book: cell("Book Title"),
      place: readwisePlace(cell("Location Type"), cell("Location")),
      note: cell("Note"),
      createdAt: instantFromText(cell("Highlighted at")),
      labels: labelsFrom([READWISE_LABEL], tagsInCell(cell("Tags"))),
    });
  }
  if (shape.kind !== "csv-mapeado") throw new Error(`a ${shape.kind} CSV has no mapping`);
  const cell = (field: ImportMapField) => {
    const column = shape.at[field];
    return column === undefined ? undefined : textOf(record[column]);
  };
  const text = cell("conteudo");
  const author = cell("autoria");
  if (text !== undefined) shape.filled.conteudo = (shape.filled.conteudo ?? 0) + 1;
  if (author !== undefined) shape.filled.autoria = (shape.filled.autoria ?? 0) + 1;
  const fields: Record<string, unknown> = {
    conteudo: text ?? "",
    autoria: author ?? "",
    etiquetas: labelsFrom([], tagsInCell(cell("etiquetas"))),
  };
  for (const field of ["fonte", "local", "nota"] as const) {
    const value = cell(field);
    if (value !== undefined) fields[field] = value;
  }
  const created = instantFromText(cell("criadoEm"));
  if (created !== undefined) fields.criadoEm = created;
  return fields;
}

/** Names each field's column is likely to have, folded (see `folded`). */
const LIKELY: Record<ImportMapField, readonly string[]> = {
  conteudo: ["conteudo", "texto", "text", "highlight", "quote", "citacao", "frase", "pensamento", "destaque"],
  autoria: ["autoria", "autor", "autora", "author", "book author", "autores", "authors"],
  fonte: ["fonte", "livro", "titulo", "book title", "title", "book", "source", "obra"],
  local: ["local", "pagina", "page", "location", "posicao"],
  nota: ["nota", "notas", "note", "notes", "comentario", "comment"],
  criadoEm: ["criadoem", "criado em", "data", "date", "created", "created at", "highlighted at"],
  etiquetas: ["etiquetas", "tags", "tag", "labels", "marcadores"],
};

/** A guess at the mapping from the header's names: each field the first column whose name it knows. */
export function guessMap(header: string[]): Partial<Record<ImportMapField, string>> {
  const names = header.map(folded);
  const guess: Partial<Record<ImportMapField, string>> = {};
  const taken = new Set<number>();
  for (const field of IMPORT_MAP_FIELDS) {
    const column = LIKELY[field]
      .map((likely) => names.indexOf(likely))
      .find((found) => found !== -1 && !taken.has(found));
    if (column === undefined) continue;
    taken.add(column);
    const name = header[column]?.trim();
    if (name) guess[field] = name;
  }
  return guess;
}
