import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type * as NodeSqlite from "node:sqlite";

/**
 * Files written to the formats of the apps readers keep highlights in, for the importers' tests and
 * benchmarks: Readwise's CSV, a Kobo's KoboReader.sqlite (made here with Node's SQLite), KOReader's JSON
 * export and the Kindle app's notebook (HTML, in English and in Brazilian Portuguese).
 */

const csvCell = (text: string) => (/[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

export const READWISE_HEADER_LINE =
  "Highlight,Book Title,Book Author,Amazon Book ID,Note,Color,Tags,Location Type,Location,Highlighted at,Document tags";

export interface ReadwiseRow {
  highlight: string;
  title: string;
  author: string;
  note?: string;
  tags?: string;
  locationType?: string;
  location?: string;
  at?: string;
}

/** Readwise's export: its header, then a row per highlight, CRLF as it writes them. */
export function readwiseCsv(rows: readonly ReadwiseRow[]): Buffer {
  const lines = rows.map((row) =>
    [
      row.highlight,
      row.title,
      row.author,
      "B0000TEST",
      row.note ?? "",
      "yellow",
      row.tags ?? "",
      row.locationType ?? "",
      row.location ?? "",
      row.at ?? "",
      "",
    ]
      .map(csvCell)
      .join(","),
  );
  return Buffer.from(`${[READWISE_HEADER_LINE, ...lines].join("\r\n")}\r\n`);
}

export interface KoboBook {
  id: string;
  title?: string;
  bookTitle?: string;
  author?: string;
}

export interface KoboBookmark {
  volume: string;
  type: string;
  text?: string | null;
  annotation?: string | null;
  created?: string;
  hidden?: "true" | "false";
}

/** A KoboReader.sqlite with Kobo's two tables (their columns as the device has them, in part). */
export function koboDatabase(books: readonly KoboBook[], bookmarks: readonly KoboBookmark[]): Buffer {
  const { DatabaseSync } = process.getBuiltinModule("node:sqlite") as typeof NodeSqlite;
  const folder = mkdtempSync(join(tmpdir(), "kobo-test-"));
  const file = join(folder, "KoboReader.sqlite");
  try {
    const db = new DatabaseSync(file);
    db.exec(`
      CREATE TABLE content (ContentID TEXT NOT NULL, ContentType TEXT NOT NULL, MimeType TEXT, BookID TEXT,
        BookTitle TEXT, ImageId TEXT, Title TEXT, Attribution TEXT, Description TEXT, DateCreated TEXT,
        PRIMARY KEY (ContentID));
      CREATE TABLE Bookmark (BookmarkID TEXT NOT NULL, VolumeID TEXT NOT NULL, ContentID TEXT NOT NULL,
        StartContainerPath TEXT, StartOffset INTEGER, EndContainerPath TEXT, EndOffset INTEGER, Text TEXT,
        Annotation TEXT, ExtraAnnotationData BLOB, DateCreated TEXT, ChapterProgress REAL,
        Hidden BOOL DEFAULT 'false', Version TEXT, DateModified TEXT, Creator TEXT, UUID TEXT, UserID TEXT,
        SyncTime TEXT, Published BOOL, ContextString TEXT, Type TEXT, PRIMARY KEY (BookmarkID));
      PRAGMA journal_mode = WAL;
    `);
    const book = db.prepare(
      "INSERT INTO content (ContentID, ContentType, BookTitle, Title, Attribution) VALUES (?, '6', ?, ?, ?)",
    );
    db.exec("BEGIN");
    for (const { id, title, bookTitle, author } of books)
      book.run(id, bookTitle ?? null, title ?? null, author ?? null);
    const mark = db.prepare(
      `INSERT INTO Bookmark (BookmarkID, VolumeID, ContentID, Text, Annotation, DateCreated, Hidden, Type)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const [index, row] of bookmarks.entries()) {
      mark.run(
        `bm-${index}`,
        row.volume,
        `${row.volume}#chapter`,
        row.text ?? null,
        row.annotation ?? null,
        row.created ?? null,
        row.hidden ?? "false",
        row.type,
      );
    }
    db.exec("COMMIT");
    // Folded into the main file, as a copy taken from a device after it closed the database.
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    db.close();
    return readFileSync(file);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Another app's SQLite database: a table of its own, none of Kobo's. */
export function otherSqlite(): Buffer {
  const { DatabaseSync } = process.getBuiltinModule("node:sqlite") as typeof NodeSqlite;
  const folder = mkdtempSync(join(tmpdir(), "other-sqlite-"));
  const file = join(folder, "notes.db");
  try {
    const db = new DatabaseSync(file);
    db.exec(
      "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('oi');",
    );
    db.close();
    return readFileSync(file);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export interface KoreaderEntry {
  text?: string;
  note?: string;
  page?: number | string;
  time?: number;
  chapter?: string;
  sort?: string;
}

export interface KoreaderBook {
  title?: string;
  author?: string;
  entries?: KoreaderEntry[];
}

/** KOReader's JSON export of one book, its members in the order Lua wrote them (entries before the title). */
export function koreaderBook(book: KoreaderBook): Record<string, unknown> {
  return {
    entries: book.entries?.map((entry) => ({ drawer: "lighten", color: "yellow", ...entry })),
    exported: { highlights: true, notes: true },
    file: "/mnt/onboard/livro.epub",
    ...(book.title === undefined ? {} : { title: book.title }),
    ...(book.author === undefined ? {} : { author: book.author }),
  };
}

export function koreaderJson(books: readonly KoreaderBook[]): Buffer {
  const [only] = books;
  const body =
    books.length === 1 && only
      ? { ...koreaderBook(only), created_on: 1_700_000_000, version: "koreader 2024.04" }
      : { created_on: 1_700_000_000, version: "koreader 2024.04", documents: books.map(koreaderBook) };
  return Buffer.from(JSON.stringify(body));
}

export interface NotebookNote {
  kind: "highlight" | "note" | "bookmark";
  heading: string;
  text: string;
}

const html = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/**
 * The Kindle app's notebook, as the app writes it: a `noteText` div closed with `</h3>`, headings with the
 * colour in a span, the book and authors at the top.
 */
export function kindleNotebook(title: string, authors: string, notes: readonly NotebookNote[]): Buffer {
  const body = notes
    .map(
      (note) =>
        `<h3 class='noteHeading'>${note.heading}</h3>\n<div class='noteText'>${html(note.text)}</h3>\n`,
    )
    .join("");
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8" ?>
<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "XHTML1-s.dtd">
<html xmlns="http://www.w3.org/TR/1999/REC-html-in-xml" xml:lang="en" lang="en">
<head><meta charset="UTF-8"/><title></title></head>
<body><div class='bodyContainer'>
<div class='notebookFor'>Notebook for</div>
<div class='bookTitle'>${html(title)}</div>
<div class='authors'>${html(authors)}</div>
<div class='citation'></div>
<hr />
<h2 class='sectionHeading'>Capítulo 1</h2>
${body}</div></body></html>
`);
}

/** The headings the app writes, in English and in Brazilian Portuguese. */
export const NOTEBOOK_HEADINGS = {
  en: {
    highlight: (page: number, location: number) =>
      `Highlight(<span class="highlight_yellow">yellow</span>) - Page ${page} · Location ${location}`,
    note: (page: number, location: number) => `Note - Page ${page} · Location ${location}`,
    bookmark: (location: number) => `Bookmark - Location ${location}`,
  },
  "pt-BR": {
    highlight: (page: number, location: number) =>
      `Destaque(<span class="highlight_yellow">amarelo</span>) - Página ${page} · Posição ${location}`,
    note: (page: number, location: number) => `Nota - Página ${page} · Posição ${location}`,
    bookmark: (location: number) => `Marcador - Posição ${location}`,
  },
} as const;
