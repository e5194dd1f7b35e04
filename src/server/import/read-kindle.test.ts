import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { kindleSpacesLine } from "../../../test-support/server/kindle-files";
import { kindleFixtures, kindleLibrary } from "../../../test-support/server/kindle-library";
import { readItems } from "../../../test-support/server/read-items";
import { IMPORT_MAX_ITEMS } from "../../domain/contract-schemas";
import { messages } from "../../domain/messages";
import { AUTHOR_MAX, NOTE_MAX, SOURCE_MAX } from "../../domain/rules";
import { isValidText } from "../../domain/text";
import { TooManyItemsError, UnreadableFileError } from "./items";
import { kindleAuthor } from "./kindle-fields";
import {
  KINDLE_LABEL,
  KINDLE_NOTE_LABEL,
  KINDLE_PASSED_OVER,
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
const noteAt = (place: string) =>
  `- Your Note on Location ${place} | Added on Monday, January 1, 2024 10:00:00 AM`;

/** What the import's first reading makes of a file: how many thoughts are valid, and the errors it lists. */
async function firstReading(file: Buffer) {
  const items = new ImportItems();
  await readKindle(file, items);
  return { valid: items.validCount, errors: items.errors };
}

describe("readKindle", () => {
  it.each(["en", "pt-BR"] as const)(
    "keeps each clipping whole in %s: book, author in reading order, place, date and the notes on it",
    async (language) => {
      const { candidates, leftOut, passedOver } = await readItems(readKindle, kindleFixtures[language]);
      expect(leftOut).toEqual([]);
      expect(candidates).toEqual(kindleLibrary(language));
      expect(passedOver).toEqual([
        { reason: KINDLE_PASSED_OVER.bookmarks, count: 1 },
        { reason: KINDLE_PASSED_OVER.noteRepeats, count: 1 },
      ]);
      // Every thought meets the rules an import checks.
      expect(await firstReading(kindleFixtures[language])).toEqual({ valid: 6, errors: [] });
    },
  );

  it("reads the file of both languages: notes on their highlights, bookmarks and repeats passed over", async () => {
    const { candidates, leftOut, passedOver } = await readItems(readKindle, fixture);
    expect(leftOut).toEqual([]);
    expect(candidates.map((c) => c.fields)).toEqual([
      {
        conteudo: "Viver não é necessário; o que é necessário é criar.",
        autoria: "Fernando Pessoa",
        fonte: "O Livro do Desassossego",
        local: "posição 120-122",
        nota: "Lembrar de reler.",
        criadoEm: new Date(2024, 4, 6, 21, 14, 3).toISOString(),
        etiquetas: [KINDLE_LABEL],
      },
      {
        conteudo:
          "The happiness of your life depends upon the quality of your thoughts: therefore, guard accordingly.",
        autoria: "Marcus Aurelius",
        fonte: "Meditations",
        local: "p. 5, posição 70-73",
        // Written at location 72, on the highlight 70-72 that Kindle wrote again as 70-73 after an edit.
        nota: "So true.",
        criadoEm: new Date(2024, 0, 1, 10, 2, 0).toISOString(),
        etiquetas: [KINDLE_LABEL],
      },
      {
        conteudo: "Olhos de cigana oblíqua e dissimulada.",
        autoria: "Machado de Assis",
        fonte: "Dom Casmurro",
        local: "p. 12, posição 180-181",
        criadoEm: new Date(2024, 4, 8, 19, 30, 0).toISOString(),
        etiquetas: [KINDLE_LABEL],
      },
    ]);
    expect(passedOver).toEqual([
      { reason: KINDLE_PASSED_OVER.bookmarks, count: 2 },
      { reason: KINDLE_PASSED_OVER.repeats, count: 1 },
    ]);
  });

  it("attaches a note to the highlight that ends at its place over one that only holds it", async () => {
    const file = clippingsFile(
      ["Livro (Autora)", highlightAt("10-30"), "um trecho longo"],
      ["Livro (Autora)", highlightAt("15-20"), "um trecho curto"],
      ["Livro (Autora)", noteAt("20"), "sobre o curto"],
      ["Livro (Autora)", noteAt("25"), "sobre o longo"],
      ["Outro livro (Autora)", noteAt("20"), "de outro livro, no mesmo lugar"],
    );
    const { candidates } = await readItems(readKindle, file);
    expect(candidates.map((c) => [c.fields.conteudo, c.fields.nota, c.fields.etiquetas])).toEqual([
      ["um trecho longo", "sobre o longo", [KINDLE_LABEL]],
      ["um trecho curto", "sobre o curto", [KINDLE_LABEL]],
      ["de outro livro, no mesmo lugar", undefined, [KINDLE_LABEL, KINDLE_NOTE_LABEL]],
    ]);
  });

  it("joins two notes on one highlight in the file's order, and keeps apart a note past its end", async () => {
    const file = clippingsFile(
      ["Livro (Autora)", highlightAt("10-12"), "um trecho"],
      ["Livro (Autora)", noteAt("12"), "primeira nota"],
      ["Livro (Autora)", noteAt("11"), "segunda nota"],
      ["Livro (Autora)", noteAt("13"), "depois do trecho"],
    );
    const { candidates } = await readItems(readKindle, file);
    expect(candidates.map((c) => [c.at, c.fields.conteudo, c.fields.nota])).toEqual([
      ["destaque 1", "um trecho", "primeira nota\n\nsegunda nota"],
      ["destaque 4", "depois do trecho", undefined],
    ]);
  });

  it("makes a thought of a note that would make its highlight's note too long, rather than cut either", async () => {
    const file = clippingsFile(
      ["Livro (Autora)", highlightAt("10-12"), "um trecho"],
      ["Livro (Autora)", noteAt("12"), "a".repeat(NOTE_MAX - 10)],
      ["Livro (Autora)", noteAt("12"), "uma nota de mais de dez letras"],
    );
    const { candidates } = await readItems(readKindle, file);
    expect(candidates.map((c) => [c.fields.conteudo, c.fields.nota])).toEqual([
      ["um trecho", "a".repeat(NOTE_MAX - 10)],
      ["uma nota de mais de dez letras", undefined],
    ]);
    expect(await firstReading(file)).toEqual({ valid: 2, errors: [] });
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
    expect(candidates.map((c) => [c.fields.conteudo, c.fields.autoria, c.fields.fonte])).toEqual([
      ["uma frase inteira e longa", "Autora", "Livro"],
      ["frase inteira", "Autora", "Outro livro"],
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

  it("shortens a title past the source's 300 characters with '…', keeping the author whole", async () => {
    const file = clippingsFile([`${"T".repeat(400)} (Autora)`, highlightAt("1-2"), "Um destaque."]);
    const [found] = (await readItems(readKindle, file)).candidates;
    expect(found?.fields.autoria).toBe("Autora");
    expect(found?.fields.fonte).toBe(`${"T".repeat(SOURCE_MAX - 1)}…`);
    expect(kindleAuthor({ title: "Sem autor" })).toBe("Sem autor");
    expect(await firstReading(file)).toEqual({ valid: 1, errors: [] });
  });

  it("takes a highlight whose long title is shortened through emoji, cutting none in half", async () => {
    const title = `a${"📚".repeat(200)}`;
    const file = clippingsFile([`${title} (Autora)`, highlightAt("1-2"), "Um destaque."]);
    const source = String((await readItems(readKindle, file)).candidates[0]?.fields.fonte);
    expect(isValidText(source)).toBe(true);
    expect(source.length).toBeLessThanOrEqual(SOURCE_MAX);
    expect(source.endsWith("📚…")).toBe(true);
    // A book without an author is named by its title, shortened the same way within the author's limit.
    const author = kindleAuthor({ title });
    expect(isValidText(author)).toBe(true);
    expect(author.length).toBeLessThanOrEqual(AUTHOR_MAX);
    expect(await firstReading(file)).toEqual({ valid: 1, errors: [] });
  });

  it("shortens an author past 200 characters with '…', rather than refusing the highlight", async () => {
    const long = `Maria ${"da Silva ".repeat(40)}`;
    const author = kindleAuthor({ title: "Livro", author: long });
    expect(author.length).toBeLessThanOrEqual(AUTHOR_MAX);
    expect(author.startsWith("Maria da Silva")).toBe(true);
    expect(author.endsWith("…")).toBe(true);
    const file = clippingsFile([`Livro (${long})`, highlightAt("1-2"), "Um destaque."]);
    expect(await firstReading(file)).toEqual({ valid: 1, errors: [] });
  });

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
      {
        conteudo: "Um destaque.",
        autoria: "Livro",
        fonte: "Livro",
        local: "posição 1-2",
        etiquetas: [KINDLE_LABEL],
      },
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
