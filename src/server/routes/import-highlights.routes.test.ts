import { beforeEach, describe, expect, it } from "vitest";
import { apiSuite } from "../../../test-support/server/api-suite";
import {
  kindleNotebook,
  koboDatabase,
  koreaderJson,
  NOTEBOOK_HEADINGS,
  otherSqlite,
  readwiseCsv,
} from "../../../test-support/server/highlight-files";
import { keepNote, zipOf } from "../../../test-support/server/keep-takeout";
import { testDialects } from "../../../test-support/server/test-stores";
import { thoughtInput } from "../../../test-support/thought-factory";
import { apiPaths } from "../../domain/contract";
import { IMPORT_MAX_BYTES, importResultSchema } from "../../domain/contract-schemas";
import { UNTICKED_SOURCES } from "../import/import-sources";
import { ZIP_BOMB } from "../import/read-keep";
import { NOT_A_NOTEBOOK } from "../import/read-kindle-notebook";
import { KOBO_BROKEN, NOT_KOBO } from "../import/read-kobo";

/** Two books of Readwise's, the second one twice. */
const readwise = readwiseCsv([
  { highlight: "Olhos de ressaca.", title: "Dom Casmurro", author: "Machado de Assis", tags: "clássico" },
  {
    highlight: "Viver é muito perigoso.",
    title: "Grande Sertão: Veredas",
    author: "Guimarães Rosa",
    locationType: "location",
    location: "180",
  },
  { highlight: "O sertão é do tamanho do mundo.", title: "Grande Sertão: Veredas", author: "Guimarães Rosa" },
]);

const unknownCsv = Buffer.from(
  "Quote,Who,Where\r\nA vida é breve.,Sêneca,Cartas\r\nConhece-te a ti mesmo.,Sócrates,\r\n",
);

/**
 * A zip bomb as a Takeout: one note whose size, in the zip's directory, is 1 GiB (its bytes are a small
 * note's; the reader must refuse it by the declared size, before inflating anything).
 */
async function zipBomb(): Promise<Buffer> {
  const zip = await zipOf([["Takeout/Keep/bomba.json", JSON.stringify(keepNote({ textContent: "x" }))]]);
  const huge = 1024 * 1024 * 1024;
  // The local header's uncompressed size (offset 22) and the central directory's (offset 24).
  zip.writeUInt32LE(huge, 22);
  const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  zip.writeUInt32LE(huge, central + 24);
  return zip;
}

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`POST /api/import of readers' highlights on ${name}`, () => {
    const suite = apiSuite(name);
    beforeEach(async () => {
      await suite.test.store.auth.removePassword();
      await suite.test.store.db.deleteFrom("thoughts").execute();
    });

    const post = (body: Buffer | string, query = "", contentType = "application/octet-stream") =>
      suite.api.call({
        method: "POST",
        url: `${apiPaths.import}${query}`,
        payload: body,
        headers: { "content-type": contentType },
      });
    const result = (response: { statusCode: number; json(): unknown; body: string }) => {
      expect(response.statusCode, response.body).toBe(200);
      return importResultSchema.parse(response.json());
    };
    const texts = async () => (await suite.test.store.thoughts.all()).map((thought) => thought.conteudo);
    const refused = async (response: { statusCode: number; json(): { error: { message: string } } }) => {
      expect(response.statusCode).toBe(400);
      return response.json().error.message;
    };

    it("previews the books with their counts, leaves an unticked one out, and adds only what is new", async () => {
      await suite.test.store.thoughts.insertMany([
        thoughtInput({ conteudo: "Olhos de ressaca.", autoria: "Machado de Assis" }),
      ]);
      const dry = result(await post(readwise, "?dryRun=true", "text/csv"));
      expect(dry).toMatchObject({ dryRun: true, imported: 2, duplicates: 1, formato: "readwise" });
      expect(dry.fontes).toEqual([
        { fonte: "Dom Casmurro", autoria: "Machado de Assis", total: 1, novos: 0 },
        { fonte: "Grande Sertão: Veredas", autoria: "Guimarães Rosa", total: 2, novos: 2 },
      ]);

      // Unticking Grande Sertão (position 1) leaves its two out, said as passed over on purpose.
      const unticked = result(await post(readwise, "?semFontes=1", "text/csv"));
      expect(unticked).toMatchObject({
        imported: 0,
        duplicates: 1,
        passedOver: [{ reason: UNTICKED_SOURCES, count: 2 }],
      });
      expect(unticked.fontes).toBeUndefined();

      expect(result(await post(readwise, "", "text/csv"))).toMatchObject({ imported: 2, duplicates: 1 });
      const wall = await suite.test.store.thoughts.all();
      expect(wall.find((thought) => thought.conteudo === "Viver é muito perigoso.")).toMatchObject({
        autoria: "Guimarães Rosa",
        fonte: "Grande Sertão: Veredas",
        local: "posição 180",
        etiquetas: ["readwise"],
      });
      // The same file again adds nothing; an overlapping one adds only its new highlight.
      expect(result(await post(readwise, "", "text/csv"))).toMatchObject({ imported: 0, duplicates: 3 });
      const overlapping = readwiseCsv([
        { highlight: "Viver é muito perigoso.", title: "Grande Sertão: Veredas", author: "Guimarães Rosa" },
        { highlight: "Mire e veja.", title: "Grande Sertão: Veredas", author: "Guimarães Rosa" },
      ]);
      expect(result(await post(overlapping, "?dryRun=true")).fontes).toEqual([
        { fonte: "Grande Sertão: Veredas", autoria: "Guimarães Rosa", total: 2, novos: 1 },
      ]);
      expect(result(await post(overlapping))).toMatchObject({ imported: 1, duplicates: 1 });
      expect(await texts()).toHaveLength(4);
    });

    it("asks for the columns of a CSV it does not know, then imports by them", async () => {
      const dry = result(await post(unknownCsv, "?dryRun=true", "text/csv"));
      expect(dry).toMatchObject({ imported: 0, formato: "csv" });
      expect(dry.mapeamento).toEqual({
        colunas: ["Quote", "Who", "Where"],
        amostra: [
          ["A vida é breve.", "Sêneca", "Cartas"],
          ["Conhece-te a ti mesmo.", "Sócrates", ""],
        ],
        sugestao: { conteudo: "Quote" },
      });
      expect(await refused(await post(unknownCsv, "", "text/csv"))).toMatch(
        /não tem o cabeçalho do Memoteca nem o do Readwise/,
      );

      const mapa = encodeURIComponent(JSON.stringify({ conteudo: "Quote", autoria: "Who", fonte: "Where" }));
      const mapped = result(await post(unknownCsv, `?dryRun=true&mapa=${mapa}`, "text/csv"));
      expect(mapped).toMatchObject({ imported: 2, formato: "csv-mapeado" });
      expect(mapped.fontes?.map(({ fonte }) => fonte)).toEqual(["Cartas", ""]);
      expect(result(await post(unknownCsv, `?mapa=${mapa}&semFontes=1`, "text/csv"))).toMatchObject({
        imported: 1,
      });
      expect(await suite.test.store.thoughts.all()).toMatchObject([
        { conteudo: "A vida é breve.", autoria: "Sêneca", fonte: "Cartas" },
      ]);
    });

    it("brings in a Kobo's database, a KOReader export and a Kindle notebook, whatever type they came as", async () => {
      const kobo = koboDatabase(
        [{ id: "livro", title: "Mensagem", author: "Fernando Pessoa" }],
        [{ volume: "livro", type: "highlight", text: "Valeu a pena?", created: "2023-05-14T10:22:33" }],
      );
      expect(result(await post(kobo, "?dryRun=true"))).toMatchObject({ imported: 1, formato: "kobo" });
      expect(result(await post(kobo, "", "application/vnd.sqlite3"))).toMatchObject({ imported: 1 });
      const koreader = koreaderJson([
        {
          title: "Mensagem",
          author: "Fernando Pessoa",
          entries: [{ text: "Deus quer.", time: 1_700_000_000 }],
        },
      ]);
      expect(result(await post(koreader, "", "application/json"))).toMatchObject({ imported: 1 });
      const notebook = kindleNotebook("Mensagem", "Fernando Pessoa", [
        { kind: "highlight", heading: NOTEBOOK_HEADINGS["pt-BR"].highlight(3, 40), text: "O mito é o nada." },
      ]);
      expect(result(await post(notebook, "", "text/html"))).toMatchObject({ imported: 1 });
      const wall = await suite.test.store.thoughts.all();
      expect(
        wall.map(({ conteudo, fonte, criadoEm, etiquetas }) => ({ conteudo, fonte, criadoEm, etiquetas })),
      ).toEqual([
        {
          conteudo: "Valeu a pena?",
          fonte: "Mensagem",
          criadoEm: "2023-05-14T10:22:33.000Z",
          etiquetas: ["kobo"],
        },
        {
          conteudo: "Deus quer.",
          fonte: "Mensagem",
          criadoEm: "2023-11-14T22:13:20.000Z",
          etiquetas: ["koreader"],
        },
        {
          conteudo: "O mito é o nada.",
          fonte: "Mensagem",
          criadoEm: expect.any(String),
          etiquetas: ["kindle"],
        },
      ]);
    });

    it("refuses bad files with a pt-BR 4xx and writes nothing", async () => {
      await suite.test.store.thoughts.insertMany([thoughtInput({ conteudo: "Já estava" })]);
      const before = await texts();
      const kobo = koboDatabase(
        [{ id: "livro", title: "Livro", author: "Autora" }],
        Array.from({ length: 300 }, (_, i) => ({
          volume: "livro",
          type: "highlight",
          text: `Destaque ${i} ${"palavra ".repeat(30)}`,
        })),
      );
      expect(await refused(await post(kobo.subarray(0, Math.floor(kobo.length / 2))))).toBe(KOBO_BROKEN);
      expect(await refused(await post(otherSqlite(), "", "application/x-sqlite3"))).toBe(NOT_KOBO);
      expect(
        await refused(await post(koreaderJson([{ author: "Sem título", entries: [{ text: "x" }] }]))),
      ).toMatch(/KOReader está incompleto/);
      expect(await refused(await post("<html><p>Olá</p></html>", "", "text/html"))).toBe(NOT_A_NOTEBOOK);
      const blank = encodeURIComponent(JSON.stringify({ conteudo: "Where", autoria: "Who" }));
      expect(
        await refused(await post("Quote,Who,Where\nUm,Dois,\nTrês,Quatro,\n", `?mapa=${blank}`)),
      ).toMatch(/está vazia em todas as linhas/);
      expect(await refused(await post(unknownCsv, "?mapa=%7Bquebrado"))).toMatch(
        /mapa deve ser um objeto JSON/,
      );
      expect(
        await refused(await post(unknownCsv, `?mapa=${encodeURIComponent('{"conteudo":"Quote"}')}`)),
      ).toMatch(/coluna da autoria/);
      expect(await refused(await post(readwise, "?semFontes=um"))).toMatch(/semFontes deve listar/);
      expect(await refused(await post(await zipBomb(), "", "application/zip"))).toBe(ZIP_BOMB);
      expect(await refused(await post(Buffer.from([0, 1, 2, 3, 0, 0, 0, 9])))).toMatch(
        /Não reconheci o arquivo/,
      );
      const huge = await post(Buffer.alloc(IMPORT_MAX_BYTES + 1, 0x61));
      expect(huge.statusCode).toBe(413);
      expect(await texts()).toEqual(before);
    });
  });
}
