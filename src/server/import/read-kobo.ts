import { mkdtemp, open, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type * as NodeSqlite from "node:sqlite";
import { highlightFields, instantFromText, labelsFrom, textOf } from "./import-fields";
import { type ItemSink, markingErrors, thrownBySink, UnreadableFileError } from "./items";
import { KINDLE_NOTE_LABEL } from "./read-kindle";

/** The first 16 bytes of every SQLite database file. */
export const SQLITE_HEADER = Buffer.from("SQLite format 3\0", "latin1");

/** The label every thought from a Kobo gets. */
export const KOBO_LABEL = "kobo";

export const KOBO_PASSED_OVER = {
  hidden: "Destaques apagados no Kobo",
  bookmarks: "Marcadores do Kobo",
} as const;

export const NOT_SQLITE =
  "O arquivo não é um banco SQLite. Do Kobo, envie o KoboReader.sqlite da pasta .kobo do aparelho.";
export const NOT_KOBO =
  "O banco SQLite não é o KoboReader.sqlite de um Kobo: faltam as tabelas Bookmark e content. Envie o arquivo da pasta .kobo do aparelho.";
export const KOBO_BROKEN =
  "O KoboReader.sqlite está corrompido ou incompleto. Copie o arquivo de novo do aparelho (pasta .kobo) e tente outra vez.";
const NO_TEXT = "Destaque do Kobo sem texto.";

/** The columns the reader needs, by table: a database without them is another app's. */
const NEEDED: Record<string, readonly string[]> = {
  Bookmark: ["VolumeID", "Text", "Annotation", "DateCreated", "Type", "Hidden"],
  content: ["ContentID", "Title", "BookTitle", "Attribution"],
};

/**
 * Each bookmark with its book, oldest first (so the newest ends up newest on the wall). SQLite builds an
 * automatic index for the join when `content` has none.
 */
const ROWS = `
  SELECT b.Type AS type, b.Hidden AS hidden, b.Text AS text, b.Annotation AS annotation,
         b.DateCreated AS created, c.Title AS title, c.BookTitle AS bookTitle, c.Attribution AS author
  FROM Bookmark AS b LEFT JOIN content AS c ON c.ContentID = b.VolumeID
  ORDER BY b.DateCreated, b.rowid`;

interface Row {
  type: unknown;
  hidden: unknown;
  text: unknown;
  annotation: unknown;
  created: unknown;
  title: unknown;
  bookTitle: unknown;
  author: unknown;
}

const sqlite = () => process.getBuiltinModule("node:sqlite") as typeof NodeSqlite;

/** The tables hold what the reader needs (real tables: a view could run any query). */
function checkSchema(db: NodeSqlite.DatabaseSync): void {
  for (const [table, columns] of Object.entries(NEEDED)) {
    const found = db.prepare("SELECT type FROM sqlite_master WHERE name = ?").get(table) as
      | { type: string }
      | undefined;
    if (found?.type !== "table") throw new UnreadableFileError(NOT_KOBO);
    const names = new Set(
      (db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[]).map(({ name }) => name),
    );
    if (!columns.every((column) => names.has(column))) throw new UnreadableFileError(NOT_KOBO);
  }
}

/** The fields of a row that becomes a thought, or why not: passed over on purpose, or an error. */
function rowFields(
  row: Row,
): { fields: Record<string, unknown> } | { passed: keyof typeof KOBO_PASSED_OVER } | { error: string } {
  if (String(row.hidden ?? "").toLowerCase() === "true") return { passed: "hidden" };
  const type = String(row.type ?? "").toLowerCase();
  if (type !== "highlight" && type !== "note") return { passed: "bookmarks" };
  const highlighted = textOf(row.text);
  const annotation = textOf(row.annotation);
  // A note on no text (rare): the reader's own words, as Kindle's are.
  const text = highlighted ?? annotation;
  if (text === undefined) return { error: NO_TEXT };
  const book = textOf(row.title) ?? textOf(row.bookTitle);
  return {
    fields: highlightFields({
      text,
      author: textOf(row.author),
      book,
      note: highlighted === undefined ? undefined : annotation,
      createdAt: instantFromText(row.created),
      labels: labelsFrom(highlighted === undefined ? [KOBO_LABEL, KINDLE_NOTE_LABEL] : [KOBO_LABEL]),
    }),
  };
}

/**
 * A Kobo's `.kobo/KoboReader.sqlite`: each row of `Bookmark` of type 'highlight' or 'note' not hidden
 * becomes a thought: `Text` its text, `Annotation` its note, `DateCreated` (UTC) its `criadoEm`; its book,
 * the row of `content` whose ContentID is the bookmark's VolumeID, gives `Title` (or `BookTitle`) as
 * `fonte` and `Attribution` as `autoria` (the title when there is none); labelled 'kobo'. Hidden rows
 * (highlights the reader deleted) and other kinds (dog-ears) are passed over and counted.
 *
 * The file is written to a temporary folder of its own and opened there read-only with Node's SQLite; the
 * folder is removed whatever happens. The copy is marked as not in WAL mode (bytes 18 and 19 of its
 * header), so SQLite reads it alone, wanting no -wal or -shm file beside it. A file that is not SQLite,
 * lacks the tables, or breaks while it is read is refused whole.
 */
export async function readKobo(body: Buffer, sink: ItemSink): Promise<void> {
  const items = markingErrors(sink);
  if (!body.subarray(0, SQLITE_HEADER.length).equals(SQLITE_HEADER))
    throw new UnreadableFileError(NOT_SQLITE);
  const folder = await mkdtemp(join(tmpdir(), "memoteca-kobo-"));
  let db: NodeSqlite.DatabaseSync | undefined;
  try {
    const file = join(folder, "KoboReader.sqlite");
    await writeFile(file, body);
    if (body.length > 19 && (body[18] === 2 || body[19] === 2)) {
      const handle = await open(file, "r+");
      try {
        await handle.write(Buffer.from([1, 1]), 0, 2, 18);
      } finally {
        await handle.close();
      }
    }
    const counts = { hidden: 0, bookmarks: 0 };
    try {
      db = new (sqlite().DatabaseSync)(file, { readOnly: true });
      checkSchema(db);
      let index = 0;
      for (const row of db.prepare(ROWS).iterate() as unknown as Iterable<Row>) {
        await items.next();
        index += 1;
        const found = rowFields(row);
        if ("passed" in found) counts[found.passed] += 1;
        else if ("error" in found) items.leaveOut(`destaque ${index}`, found.error);
        else items.add(`destaque ${index}`, found.fields);
      }
    } catch (error) {
      if (error instanceof UnreadableFileError || thrownBySink(error)) throw error;
      throw new UnreadableFileError(KOBO_BROKEN);
    }
    items.passOver(KOBO_PASSED_OVER.hidden, counts.hidden);
    items.passOver(KOBO_PASSED_OVER.bookmarks, counts.bookmarks);
  } finally {
    db?.close();
    await rm(folder, { recursive: true, force: true });
  }
}
