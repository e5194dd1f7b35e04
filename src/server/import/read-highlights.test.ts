import { existsSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import {
  kindleNotebook,
  koboDatabase,
  koreaderJson,
  NOTEBOOK_HEADINGS,
  otherSqlite,
  readwiseCsv,
} from "../../../test-support/server/highlight-files";
import { failingSink, readItems } from "../../../test-support/server/read-items";
import type { ImportFormat, ImportMap } from "../../domain/contract-schemas";
import { UnknownCsvError } from "./csv-shapes";
import { instantFromText } from "./import-fields";
import { ImportSources } from "./import-sources";
import { UnreadableFileError } from "./items";
import { readImportFile } from "./read-file";
import { NOT_A_NOTEBOOK } from "./read-kindle-notebook";
import { KOBO_BROKEN, KOBO_PASSED_OVER, NOT_KOBO, NOT_SQLITE, readKobo } from "./read-kobo";
import { KOREADER_PASSED_OVER } from "./read-koreader";
import { ImportItems } from "./validate-items";

/** What a file reads as, told by its content whatever type it came as: the kind, and what the reader found. */
async function read(body: Buffer, mediaType = "application/octet-stream", mapa?: ImportMap) {
  let format: ImportFormat | undefined;
  const found = await readItems(async (file, items) => {
    format = await readImportFile(file, mediaType, items, { mapa });
  }, body);
  return { format, ...found };
}

const refusal = async (body: Buffer, mediaType = "application/octet-stream", mapa?: ImportMap) => {
  const error = await read(body, mediaType, mapa).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(UnreadableFileError);
  return (error as Error).message;
};

/** The valid thoughts the import's first reading counts. */
async function validCount(body: Buffer, mapa?: ImportMap): Promise<number> {
  const items = new ImportItems();
  await readImportFile(body, "application/octet-stream", items, { mapa });
  return items.validCount;
}

describe("instantFromText", () => {
  it.each([
    ["2021-09-13 17:21:00+00:00", "2021-09-13T17:21:00.000Z"],
    ["2023-05-14T10:22:33.000", "2023-05-14T10:22:33.000Z"],
    ["2023-05-14T10:22:33Z", "2023-05-14T10:22:33.000Z"],
    ["2023-05-14T07:22:33-03:00", "2023-05-14T10:22:33.000Z"],
    ["2023-05-14", "2023-05-14T00:00:00.000Z"],
    ["14/05/2023 10:22", "2023-05-14T10:22:00.000Z"],
    ["2023-02-30 10:00:00", undefined],
    ["ontem", undefined],
  ])("reads %s", (text, expected) => {
    expect(instantFromText(text)).toBe(expected);
  });
});

describe("Readwise's CSV", () => {
  const file = readwiseCsv([
    {
      highlight: "A vida é a arte do encontro,\nembora haja tanto desencontro pela vida.",
      title: "Samba da Bênção",
      author: "Vinicius de Moraes",
      note: "Minha nota",
      tags: "poesia, música",
      locationType: "page",
      location: "12",
      at: "2021-09-13 17:21:00+00:00",
    },
    {
      highlight: "It was the best of times, it was the worst of times.",
      title: "A Tale of Two Cities",
      author: "Charles Dickens",
      locationType: "location",
      location: "180",
    },
    { highlight: "", title: "Vazio", author: "Ninguém" },
  ]);

  it("is known by its header: text, author, book, place, note, date and tags as labels", async () => {
    const { format, candidates, leftOut } = await read(file, "text/csv");
    expect(format).toBe("readwise");
    expect(candidates.map(({ fields }) => fields)).toEqual([
      {
        conteudo: "A vida é a arte do encontro,\nembora haja tanto desencontro pela vida.",
        autoria: "Vinicius de Moraes",
        fonte: "Samba da Bênção",
        local: "página 12",
        nota: "Minha nota",
        criadoEm: "2021-09-13T17:21:00.000Z",
        etiquetas: ["readwise", "poesia", "música"],
      },
      {
        conteudo: "It was the best of times, it was the worst of times.",
        autoria: "Charles Dickens",
        fonte: "A Tale of Two Cities",
        local: "posição 180",
        etiquetas: ["readwise"],
      },
      { conteudo: "", autoria: "Ninguém", fonte: "Vazio", etiquetas: ["readwise"] },
    ]);
    expect(leftOut).toEqual([]);
    // The empty highlight breaks the rules; the other two are thoughts.
    expect(await validCount(file)).toBe(2);
  });

  it("is known by its content whatever type or name it came with", async () => {
    for (const type of ["text/plain", "application/octet-stream", "text/csv"]) {
      expect((await read(file, type)).format).toBe("readwise");
    }
  });
});

describe("any CSV with a header row", () => {
  const file = Buffer.from(
    "Citação;Quem disse;Livro;Página;Comentário;Quando;Marcadores\r\n" +
      "Tudo vale a pena;Fernando Pessoa;Mensagem;12;Releitura;14/05/2023 10:22;poesia, portugal\r\n" +
      "Navegar é preciso;Fernando Pessoa;;;;;\r\n",
  );
  const mapa: ImportMap = {
    conteudo: "Citação",
    autoria: "Quem disse",
    fonte: "Livro",
    local: "Página",
    nota: "Comentário",
    criadoEm: "Quando",
    etiquetas: "Marcadores",
  };

  it("without a mapping, is refused with its columns, first rows and a guess", async () => {
    const error = await read(file, "text/csv").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UnknownCsvError);
    const { columns, sample, suggestion } = error as UnknownCsvError;
    expect(columns).toEqual([
      "Citação",
      "Quem disse",
      "Livro",
      "Página",
      "Comentário",
      "Quando",
      "Marcadores",
    ]);
    expect(sample).toHaveLength(2);
    expect(sample[0]?.[0]).toBe("Tudo vale a pena");
    expect(suggestion).toEqual({
      conteudo: "Citação",
      fonte: "Livro",
      local: "Página",
      nota: "Comentário",
      etiquetas: "Marcadores",
    });
  });

  it("with a mapping, reads each row by it (semicolons, as a spreadsheet in Portuguese writes)", async () => {
    const { format, candidates } = await read(file, "text/csv", mapa);
    expect(format).toBe("csv-mapeado");
    expect(candidates.map(({ fields }) => fields)).toEqual([
      {
        conteudo: "Tudo vale a pena",
        autoria: "Fernando Pessoa",
        fonte: "Mensagem",
        local: "12",
        nota: "Releitura",
        criadoEm: "2023-05-14T10:22:00.000Z",
        etiquetas: ["poesia", "portugal"],
      },
      { conteudo: "Navegar é preciso", autoria: "Fernando Pessoa", etiquetas: [] },
    ]);
    expect(await validCount(file, mapa)).toBe(2);
  });

  it("refuses a mapping to a column it does not have, or to columns empty in every row", async () => {
    expect(await refusal(file, "text/csv", { conteudo: "Texto", autoria: "Quem disse" })).toMatch(
      /não tem a coluna "Texto"/,
    );
    const blank = Buffer.from("a,b,c\n,,x\n,,y\n");
    expect(await refusal(blank, "text/csv", { conteudo: "c", autoria: "b" })).toMatch(
      /"b", escolhida para a autoria, está vazia/,
    );
    expect(await refusal(blank, "text/csv", { conteudo: "a", autoria: "c" })).toMatch(
      /"a", escolhida para o texto, está vazia em todas as linhas/,
    );
  });
});

describe("a Kobo's KoboReader.sqlite", () => {
  const books = [
    { id: "file:///mnt/onboard/dom.epub", title: "Dom Casmurro", author: "Machado de Assis" },
    { id: "file:///mnt/onboard/tale.epub", bookTitle: "A Tale of Two Cities", author: "Charles Dickens" },
  ];
  const database = () =>
    koboDatabase(books, [
      {
        volume: books[0]?.id ?? "",
        type: "highlight",
        text: "Olhos de ressaca.",
        created: "2023-05-14T10:22:33.000",
      },
      {
        volume: books[1]?.id ?? "",
        type: "note",
        text: "It was the best of times.",
        annotation: "Abertura famosa",
        created: "2023-05-15T08:00:00Z",
      },
      {
        volume: books[0]?.id ?? "",
        type: "highlight",
        text: "Apagado.",
        hidden: "true",
        created: "2023-05-16",
      },
      { volume: books[0]?.id ?? "", type: "dogear", created: "2023-05-17" },
      { volume: "sem-livro", type: "highlight", text: "   ", created: "2023-05-18" },
    ]);

  it("passes the items' sink's own failure on as it is (the database's, say), not as a broken Kobo file", async () => {
    const databaseDown = new Error("the database went away");
    await expect(readKobo(database(), failingSink(databaseDown))).rejects.toBe(databaseDown);
  });

  it("reads highlights and notes with their book, author and date; hidden ones and dog-ears passed over", async () => {
    const { format, candidates, leftOut, passedOver } = await read(database(), "application/octet-stream");
    expect(format).toBe("kobo");
    expect(candidates.map(({ fields }) => fields)).toEqual([
      {
        conteudo: "Olhos de ressaca.",
        autoria: "Machado de Assis",
        fonte: "Dom Casmurro",
        criadoEm: "2023-05-14T10:22:33.000Z",
        etiquetas: ["kobo"],
      },
      {
        conteudo: "It was the best of times.",
        autoria: "Charles Dickens",
        fonte: "A Tale of Two Cities",
        nota: "Abertura famosa",
        criadoEm: "2023-05-15T08:00:00.000Z",
        etiquetas: ["kobo"],
      },
    ]);
    expect(leftOut).toEqual([{ at: "destaque 5", message: "Destaque do Kobo sem texto." }]);
    expect(passedOver).toEqual([
      { reason: KOBO_PASSED_OVER.hidden, count: 1 },
      { reason: KOBO_PASSED_OVER.bookmarks, count: 1 },
    ]);
  });

  it("leaves no copy behind, whether it reads the file or refuses it", async () => {
    const copies = () => readdirSync(tmpdir()).filter((name) => name.startsWith("memoteca-kobo-"));
    const before = copies();
    await read(database());
    await read(otherSqlite()).catch(() => {});
    expect(copies()).toEqual(before);
    expect(existsSync(tmpdir())).toBe(true);
  });

  it("refuses another app's SQLite, a truncated or corrupted one, and a file that is not SQLite", async () => {
    expect(await refusal(otherSqlite())).toBe(NOT_KOBO);
    const whole = koboDatabase(
      books,
      Array.from({ length: 400 }, (_, i) => ({
        volume: books[0]?.id ?? "",
        type: "highlight",
        text: `Destaque ${i} ${"texto ".repeat(40)}`,
      })),
    );
    expect(await refusal(whole.subarray(0, Math.floor(whole.length / 2)))).toBe(KOBO_BROKEN);
    const corrupted = Buffer.from(whole);
    corrupted.fill(0x5a, 4096, corrupted.length - 4096);
    expect([KOBO_BROKEN, NOT_KOBO]).toContain(await refusal(corrupted));
    expect(await refusal(Buffer.from("isto não é sqlite"), "application/vnd.sqlite3")).toBe(NOT_SQLITE);
    await expect(readKobo(Buffer.from("x"), new ImportItems())).rejects.toThrow(NOT_SQLITE);
  });
});

describe("KOReader's JSON export", () => {
  const entries = [
    {
      text: "Tudo é ousado para quem a nada se atreve.",
      page: 12,
      time: 1_700_000_000,
      chapter: "Mar Português",
    },
    { text: "Deus quer, o homem sonha, a obra nasce.", note: "Abertura", page: "13" },
    { sort: "bookmark", page: 20 },
    { note: "sem texto" },
  ];

  it("reads one book: text, author, chapter and page, note, time in Unix seconds", async () => {
    const { format, candidates, leftOut, passedOver } = await read(
      koreaderJson([{ title: "Mensagem", author: "Fernando Pessoa", entries }]),
      "application/json",
    );
    expect(format).toBe("koreader");
    expect(candidates.map(({ fields }) => fields)).toEqual([
      {
        conteudo: "Tudo é ousado para quem a nada se atreve.",
        autoria: "Fernando Pessoa",
        fonte: "Mensagem",
        local: "Mar Português, página 12",
        criadoEm: "2023-11-14T22:13:20.000Z",
        etiquetas: ["koreader"],
      },
      {
        conteudo: "Deus quer, o homem sonha, a obra nasce.",
        autoria: "Fernando Pessoa",
        fonte: "Mensagem",
        local: "página 13",
        nota: "Abertura",
        etiquetas: ["koreader"],
      },
    ]);
    expect(leftOut).toEqual([{ at: "destaque 4", message: "Destaque do KOReader sem texto (text)." }]);
    expect(passedOver).toEqual([{ reason: KOREADER_PASSED_OVER.bookmarks, count: 1 }]);
  });

  it("reads many books, an author-less one by its title", async () => {
    const { candidates } = await read(
      koreaderJson([
        { title: "Mensagem", author: "Fernando Pessoa", entries: [{ text: "Valeu a pena?" }] },
        { title: "Notas soltas", entries: [{ text: "Uma ideia." }] },
      ]),
    );
    expect(candidates).toEqual([
      {
        at: "livro 1, destaque 1",
        fields: {
          conteudo: "Valeu a pena?",
          autoria: "Fernando Pessoa",
          fonte: "Mensagem",
          etiquetas: ["koreader"],
        },
      },
      {
        at: "livro 2, destaque 1",
        fields: {
          conteudo: "Uma ideia.",
          autoria: "Notas soltas",
          fonte: "Notas soltas",
          etiquetas: ["koreader"],
        },
      },
    ]);
  });

  it("refuses a book without its title or its entries", async () => {
    expect(await refusal(koreaderJson([{ author: "Alguém", entries: [{ text: "x" }] }]))).toMatch(
      /KOReader está incompleto: o livro não tem o título/,
    );
    expect(
      await refusal(
        koreaderJson([
          { title: "Um", entries: [] },
          { title: "Dois", author: "Alguém" },
        ]),
      ),
    ).toMatch(/o livro 2 não tem a lista de destaques/);
  });
});

describe("the Kindle app's notebook", () => {
  it.each(["en", "pt-BR"] as const)(
    "reads highlights, a note on one and a note alone, in %s",
    async (language) => {
      const headings = NOTEBOOK_HEADINGS[language];
      const file = kindleNotebook("Grande Sertão: Veredas", "Guimarães Rosa", [
        { kind: "highlight", heading: headings.highlight(12, 180), text: "Viver é muito perigoso." },
        { kind: "note", heading: headings.note(12, 181), text: "Riobaldo <3" },
        { kind: "bookmark", heading: headings.bookmark(200), text: "" },
        {
          kind: "highlight",
          heading: headings.highlight(30, 400),
          text: "O correr da vida embrulha tudo & mais.",
        },
        { kind: "bookmark", heading: headings.bookmark(420), text: "" },
        { kind: "note", heading: headings.note(31, 430), text: "Uma nota sozinha" },
      ]);
      const { format, candidates, leftOut, passedOver } = await read(file, "text/html");
      expect(format).toBe("kindle-html");
      const book = { autoria: "Guimarães Rosa", fonte: "Grande Sertão: Veredas" };
      expect(candidates.map(({ fields }) => fields)).toEqual([
        {
          conteudo: "Viver é muito perigoso.",
          ...book,
          local: "p. 12, posição 180",
          nota: "Riobaldo <3",
          etiquetas: ["kindle"],
        },
        {
          conteudo: "O correr da vida embrulha tudo & mais.",
          ...book,
          local: "p. 30, posição 400",
          etiquetas: ["kindle"],
        },
        {
          conteudo: "Uma nota sozinha",
          ...book,
          local: "p. 31, posição 430",
          etiquetas: ["kindle", "minha nota"],
        },
      ]);
      expect(leftOut).toEqual([]);
      expect(passedOver).toEqual([{ reason: "Marcadores do Kindle", count: 2 }]);
    },
  );

  it("refuses an HTML page that is not a notebook", async () => {
    expect(await refusal(Buffer.from("<html><body><p>Olá</p></body></html>"), "text/html")).toBe(
      NOT_A_NOTEBOOK,
    );
  });
});

describe("the sources of an import", () => {
  it("lists each source once, in the file's order, and leaves out the unticked ones", async () => {
    const file = readwiseCsv([
      { highlight: "Um", title: "Livro A", author: "Autora" },
      { highlight: "Dois", title: "Livro B", author: "Autor" },
      { highlight: "Três", title: "Livro A", author: "Autora" },
    ]);
    const sources = new ImportSources([0]);
    const items = new ImportItems(sources);
    await readImportFile(file, "text/csv", items);
    expect(sources.list).toEqual([
      { fonte: "Livro A", autoria: "Autora", total: 2, novos: 0 },
      { fonte: "Livro B", autoria: "Autor", total: 1, novos: 0 },
    ]);
    expect(items.validCount).toBe(1);
    expect(sources.untickedCount).toBe(2);
  });
});
