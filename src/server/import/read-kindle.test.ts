import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { kindleSpacesLine } from "../../../test-support/server/kindle-files";
import { readItems } from "../../../test-support/server/read-items";
import { IMPORT_MAX_ITEMS } from "../../domain/contract-schemas";
import { messages } from "../../domain/messages";
import { AUTHOR_MAX } from "../../domain/rules";
import { isValidText } from "../../domain/text";
import { TooManyItemsError, UnreadableFileError } from "./items";
import {
  KINDLE_LABEL,
  KINDLE_PASSED_OVER,
  kindleAuthor,
  NOT_A_CLIPPING,
  NOT_CLIPPINGS,
  OTHER_LANGUAGE,
  readKindle,
} from "./read-kindle";
import { ImportItems } from "./validate-items";

/** Both languages, CRLF and a BOM; a note, a bookmark and an edited highlight repeated in each book. */
const fixture = readFileSync(new URL("../../../test-support/fixtures/my-clippings.txt", import.meta.url));

/** A My Clippings.txt of the entries given as [title line, kind line, text], as the device writes it. */
const clippingsFile = (...entries: [string, string, string][]) =>
  Buffer.from(
    entries.map(([book, kind, text]) => `${book}\r\n${kind}\r\n\r\n${text}\r\n==========\r\n`).join(""),
  );
const highlightAt = (place: string) =>
  `- Your Highlight on Location ${place} | Added on Monday, January 1, 2024 10:00:00 AM`;

/** What the import's first reading makes of a file: how many thoughts are valid, and the errors it lists. */
async function firstReading(file: Buffer) {
  const items = new ImportItems();
  await readKindle(file, items);
  return { valid: items.validCount, errors: items.errors };
}

describe("readKindle", () => {
  it("makes a thought of each highlight, by 'Author — Book title', labelled kindle", async () => {
    const { candidates, leftOut } = await readItems(readKindle, fixture);
    expect(leftOut).toEqual([]);
    expect(candidates.map((c) => c.fields)).toEqual([
      {
        conteudo: "Viver não é necessário; o que é necessário é criar.",
        autoria: "Fernando Pessoa — O Livro do Desassossego",
        etiquetas: [KINDLE_LABEL],
      },
      {
        conteudo:
          "The happiness of your life depends upon the quality of your thoughts: therefore, guard accordingly.",
        autoria: "Marcus Aurelius — Meditations",
        etiquetas: [KINDLE_LABEL],
      },
      {
        conteudo: "Olhos de cigana oblíqua e dissimulada.",
        autoria: "Machado de Assis — Dom Casmurro",
        etiquetas: [KINDLE_LABEL],
      },
    ]);
  });

  it("passes over notes, bookmarks and repeated highlights, counting each kind", async () => {
    expect((await readItems(readKindle, fixture)).passedOver).toEqual([
      { reason: KINDLE_PASSED_OVER.notes, count: 2 },
      { reason: KINDLE_PASSED_OVER.bookmarks, count: 2 },
      { reason: KINDLE_PASSED_OVER.repeats, count: 1 },
    ]);
  });

  it("reads LF files without a BOM alike, and keeps the longer of two repeats whichever comes first", async () => {
    const lf = [
      "Livro (Autora)",
      "- Seu destaque na posição 10-20 | Adicionado: hoje",
      "",
      "uma frase inteira e longa",
      "==========",
      "Livro (Autora)",
      "- Seu destaque na posição 12-14 | Adicionado: hoje",
      "",
      "frase inteira",
      "==========",
      "Outro livro (Autora)",
      "- Seu destaque na posição 12-14 | Adicionado: hoje",
      "",
      "frase inteira",
      "==========",
      "",
    ].join("\n");
    const { candidates, passedOver } = await readItems(readKindle, Buffer.from(lf));
    expect(candidates.map((c) => [c.fields.conteudo, c.fields.autoria])).toEqual([
      ["uma frase inteira e longa", "Autora — Livro"],
      ["frase inteira", "Autora — Outro livro"],
    ]);
    expect(passedOver).toEqual([{ reason: KINDLE_PASSED_OVER.repeats, count: 1 }]);
  });

  it("reads a file with the lone CR line ends of older devices as the same file with CRLF", async () => {
    const entries: [string, string, string][] = [
      ["Livro (Autora)", highlightAt("10-12"), "primeira linha\r\nsegunda linha"],
      ["Outro livro (Autor)", highlightAt("30-31"), "outra frase"],
    ];
    const crlf = clippingsFile(...entries);
    const cr = Buffer.from(crlf.toString("utf8").replaceAll("\r\n", "\r"));
    const [fromCr, fromCrlf] = await Promise.all([readItems(readKindle, cr), readItems(readKindle, crlf)]);
    expect(fromCr.candidates.map((c) => c.fields)).toEqual(fromCrlf.candidates.map((c) => c.fields));
    expect(fromCr.candidates.map((c) => c.fields.conteudo)).toEqual([
      "primeira linha\nsegunda linha",
      "outra frase",
    ]);
  });

  it("refuses a text file that is not a clippings file", async () => {
    await expect(readItems(readKindle, Buffer.from("apenas um texto qualquer\n"))).rejects.toThrow(
      UnreadableFileError,
    );
  });

  it("shortens a long title so that the author stays within 200 characters", () => {
    const author = kindleAuthor({ title: "T".repeat(300), author: "Autora" });
    expect(author).toHaveLength(200);
    expect(author.startsWith("Autora — TTT")).toBe(true);
    expect(author.endsWith("…")).toBe(true);
    expect(kindleAuthor({ title: "Sem autor" })).toBe("Sem autor");
  });

  it("takes a highlight whose long title is shortened through emoji, cutting none in half", async () => {
    const title = `a${"📚".repeat(150)}`;
    const author = kindleAuthor({ title, author: "Autora" });
    expect(isValidText(author)).toBe(true);
    expect(author.length).toBeLessThanOrEqual(AUTHOR_MAX);
    expect(author.endsWith("📚…")).toBe(true);
    const file = clippingsFile([`${title} (Autora)`, highlightAt("1-2"), "Um destaque."]);
    expect(await firstReading(file)).toEqual({ valid: 1, errors: [] });
  });

  it.each([197, 250])(
    "shortens an author of %i characters to make room for the title, rather than refusing the highlight",
    async (length) => {
      const long = `Maria ${"da Silva ".repeat(40)}`.slice(0, length);
      const author = kindleAuthor({ title: "Livro", author: long });
      expect(author.length).toBeLessThanOrEqual(AUTHOR_MAX);
      expect(author.startsWith("Maria da Silva")).toBe(true);
      expect(author.endsWith("… — Livro")).toBe(true);
      const file = clippingsFile([`Livro (${long})`, highlightAt("1-2"), "Um destaque."]);
      expect(await firstReading(file)).toEqual({ valid: 1, errors: [] });
    },
  );

  it.each([
    [
      "German",
      "Die Verwandlung (Franz Kafka)",
      "- Ihre Markierung bei Position 120-122 | Hinzugefügt am Montag, 6. Mai 2024 21:14:03",
    ],
    [
      "Spanish",
      "Cien años de soledad (Gabriel García Márquez)",
      "- Tu subrayado en la página 5 | posición 70-72 | Añadido el lunes, 1 de enero de 2024, 10:00:00",
    ],
  ])("says which languages it reads when the clippings are in %s", async (_, book, kind) => {
    const file = clippingsFile([book, kind, "Um destaque."], [book, kind, "Outro destaque."]);
    await expect(readItems(readKindle, file)).rejects.toThrow(new UnreadableFileError(OTHER_LANGUAGE));
    // A text with separators but no entry a Kindle writes is still not a clippings file.
    const text = clippingsFile(["Uma linha", "outra linha", "e mais uma"]);
    await expect(readItems(readKindle, text)).rejects.toThrow(new UnreadableFileError(NOT_CLIPPINGS));
  });

  it("lists what it leaves out in the file's order", async () => {
    const file = clippingsFile(
      ["Livro (Autora)", "- Your Clip on Location 1 | Added on Monday, January 1, 2024", "Um recorte."],
      ["Livro (Autora)", highlightAt("10-12"), ""],
      ["Livro (Autora)", highlightAt("20-22"), "Um destaque válido."],
      ["Livro (Autora)", highlightAt("30-32"), "x".repeat(10_001)],
    );
    expect(await firstReading(file)).toEqual({
      valid: 1,
      errors: [
        { at: "destaque 1", message: NOT_A_CLIPPING },
        { at: "destaque 2", message: messages.contentRequired },
        { at: "destaque 4", message: messages.contentTooLong },
      ],
    });
  });

  it("puts the highlight that stays of two repeats in its own place in the file", async () => {
    const file = clippingsFile(
      ["Livro (Autora)", highlightAt("10-12"), "uma frase"],
      ["Outro livro (Autora)", highlightAt("1-2"), "outra frase"],
      ["Livro (Autora)", highlightAt("10-14"), "uma frase mais longa"],
    );
    const { candidates, passedOver } = await readItems(readKindle, file);
    expect(candidates.map((c) => [c.at, c.fields.conteudo])).toEqual([
      ["destaque 2", "outra frase"],
      ["destaque 3", "uma frase mais longa"],
    ]);
    expect(passedOver).toEqual([{ reason: KINDLE_PASSED_OVER.repeats, count: 1 }]);
  });

  it("reads a title line of 1 MiB of spaces by its first 4 KiB", async () => {
    const { candidates } = await readItems(readKindle, kindleSpacesLine());
    expect(candidates.map((c) => c.fields)).toEqual([
      { conteudo: "Um destaque.", autoria: "Livro", etiquetas: [KINDLE_LABEL] },
    ]);
  });

  it("refuses a file of more entries than an import takes while reading them, whatever their kind", async () => {
    const highlight = clippingsFile(["Livro (Autora)", highlightAt("1-2"), "Um destaque."]);
    const bookmarks = "Livro (Autora)\r\n- Your Bookmark on Location 5\r\n\r\n\r\n==========\r\n";
    const file = Buffer.concat([highlight, Buffer.from(bookmarks.repeat(IMPORT_MAX_ITEMS))]);
    const handedOver: string[] = [];
    const sink = { next: async () => {}, pause: async () => {}, passOver: () => {} };
    const reading = readKindle(file, {
      ...sink,
      add: (at) => handedOver.push(at),
      leaveOut: (at) => handedOver.push(at),
    });
    await expect(reading).rejects.toThrow(TooManyItemsError);
    expect(handedOver).toEqual([]);
  });
});
