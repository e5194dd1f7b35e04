import { type Kysely, type Migration, sql } from "kysely";

/**
 * What the Kindle import wrote before the thought had a source (2026-11-25 to 2026-11-27: commits 0f205a6
 * and 5b3f238): the book in `autoria` as `${author} — ${title}` (an em dash between two spaces; the title,
 * then the author, shortened with '…' past 200 characters), with the label 'kindle' exactly as written here.
 */
const SEPARATOR = " — ";
const KINDLE_LABEL = "kindle";
/** An author the form takes: at least 3 characters. A shorter one is left joined, as the rules stand. */
const AUTHOR_MIN = 3;

/** Rows read per statement while looking for them. */
const CHUNK = 1000;

/** The fold of the day this was written (case and accents dropped), frozen here with the migration. */
const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/**
 * The search text of the day (thought-rows.ts's searchText on 2026-11-27): conteudo and autoria folded, then
 * fonte and nota when not empty, joined by line breaks.
 */
function searchText(row: { conteudo: string; autoria: string; fonte: string; nota: string }): string {
  const texts = [row.conteudo, row.autoria];
  if (row.fonte !== "") texts.push(row.fonte);
  if (row.nota !== "") texts.push(row.nota);
  return texts.map(fold).join("\n");
}

/**
 * The author in reading order, as the Kindle import writes it from this day (kindle-names.ts, frozen):
 * 'Assis, Machado de' as 'Machado de Assis', each of several separated by ';', joined by '; ', and only a
 * name with one comma and plain names on both sides turned. A later import of the same file then finds
 * these thoughts already on the wall (an import's duplicates are same text, same author).
 */
const PLAIN_NAME = /^[\p{L}\p{M}'’.\- ]+$/u;
const isPlain = (name: string) => name !== "" && PLAIN_NAME.test(name) && /\p{L}/u.test(name);
function turned(author: string): string {
  const parts = author.split(",");
  if (parts.length !== 2) return author;
  const [surname = "", given = ""] = parts.map((part) => part.trim());
  return isPlain(surname) && isPlain(given) ? `${given} ${surname}` : author;
}
const readingOrder = (authors: string) =>
  authors
    .split(";")
    .map((author) => author.trim())
    .filter((author) => author !== "")
    .map(turned)
    .join("; ");

interface Row {
  id: number | string;
  conteudo: string;
  autoria: string;
  fonte: string;
  nota: string;
  etiquetas: string;
}

/** A row as the old import wrote it, split into its author (in reading order) and its book; else undefined. */
function split(row: Row): { autoria: string; fonte: string } | undefined {
  if (row.fonte !== "") return undefined;
  let labels: unknown;
  try {
    labels = JSON.parse(row.etiquetas);
  } catch {
    return undefined;
  }
  if (!Array.isArray(labels) || !labels.includes(KINDLE_LABEL)) return undefined;
  // The first separator: the author came from the title line's last parentheses, so a title may hold one.
  const at = row.autoria.indexOf(SEPARATOR);
  if (at === -1) return undefined;
  const author = row.autoria.slice(0, at);
  const title = row.autoria.slice(at + SEPARATOR.length);
  if (author !== author.trim() || title !== title.trim() || title === "") return undefined;
  const autoria = readingOrder(author);
  if ([...autoria].length < AUTHOR_MIN) return undefined;
  return { autoria, fonte: title };
}

/**
 * Splits what earlier Kindle imports wrote into `autoria` ('Machado de Assis — Dom Casmurro') into the
 * author and the book (`fonte`, added by 20261127T1500-sources-notes-dates), on the wall and in the trash,
 * and turns the author into reading order as the import now does ('Assis, Machado de — Dom Casmurro' gives
 * 'Machado de Assis'). Only rows of that exact shape: the label 'kindle', no source yet, the em dash between
 * spaces, a title after it and an author of 3 or more characters before it. A thought someone typed as
 * 'Autor — Título' without the label, or labelled 'Kindle' by hand, stays as it is; so does a highlight of
 * a book without an author (its title alone was its author, with nothing to tell it from a name; a title
 * that held the separator reads as an author and a book, and is split like one). The
 * split is at the first separator, as a title may hold one ('Sapiens — Uma breve história'); an author
 * holding one would be split there. A title the old import shortened with '…' stays shortened: the file is
 * not here to read it again (a new import of it finds the thought by its text and author all the same).
 *
 * The wall's rows get the columns derived from the texts again (the search text and the author's key),
 * with the fold and search text of the day, frozen here. Runs before any later migration that rebuilds the
 * search text, so that one sees these rows split. `atualizadoEm` is left as it was: no one edited them.
 * Its way down changes nothing: the split rows cannot be told from those imported later.
 */
export function kindleSources(_dialect: "sqlite" | "postgres"): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's Database type.
    async up(db: Kysely<any>) {
      for (const table of ["thoughts", "trash"] as const) {
        let last = 0;
        for (;;) {
          // The separator and the label narrow the rows read; split() checks each exactly.
          const { rows } = await sql<Row>`
            SELECT id, conteudo, autoria, fonte, nota, etiquetas FROM ${sql.table(table)}
            WHERE id > ${last} AND autoria LIKE ${`%${SEPARATOR}%`} AND etiquetas LIKE ${`%"${KINDLE_LABEL}"%`}
            ORDER BY id LIMIT ${CHUNK}`.execute(db);
          for (const row of rows) {
            const parts = split(row);
            if (!parts) continue;
            if (table === "trash") {
              await sql`UPDATE trash SET autoria = ${parts.autoria}, fonte = ${parts.fonte}
                WHERE id = ${row.id}`.execute(db);
            } else {
              const busca = searchText({ ...row, ...parts });
              await sql`UPDATE thoughts SET autoria = ${parts.autoria}, fonte = ${parts.fonte},
                busca = ${busca}, autoria_chave = ${fold(parts.autoria.trim())}
                WHERE id = ${row.id}`.execute(db);
            }
          }
          const tail = rows.at(-1);
          if (!tail || rows.length < CHUNK) break;
          last = Number(tail.id);
        }
      }
    },
    async down() {},
  };
}
