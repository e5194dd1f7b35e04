import { describe, expect, it } from "vitest";
import { readItems } from "../../../test-support/server/read-items";
import { asExported, makeThought } from "../../../test-support/thought-factory";
import { csvExport } from "../export/csv";
import { ITEM_MAX_BYTES, UnreadableFileError } from "./items";
import { readCsv } from "./read-csv";

const csv = (text: string) => Buffer.from(text);

async function exported(
  thoughts: Parameters<typeof csvExport>[0] extends AsyncIterable<infer T> ? T[] : never,
) {
  async function* source() {
    yield* thoughts;
  }
  let text = "";
  for await (const piece of csvExport(source())) text += piece;
  return Buffer.from(text);
}

describe("readCsv", () => {
  it("reads our export back exactly: quotes, line breaks, commas, formula-guarded texts, labels, every field", async () => {
    const thoughts = [
      makeThought({
        id: 1,
        conteudo: 'Ele disse: "olá, mundo"\r\nE foi.',
        autoria: "Autor, o Próprio",
        modelo: "modelo2",
        favorito: true,
        etiquetas: ["Poesia", "com espaço"],
        fonte: "Livro, o Primeiro",
        local: "p. 42",
        nota: 'Linha 1\r\nLinha "2"',
      }),
      makeThought({
        id: 2,
        conteudo: "=1+1",
        autoria: "'=já tinha apóstrofo",
        modelo: "modelo3",
        favorito: false,
        etiquetas: ["=fórmula"],
        fonte: "=Fonte",
        local: "+3",
        nota: "@nota",
      }),
      makeThought({
        id: 3,
        conteudo: "-menos",
        autoria: "@arroba",
        modelo: "modelo1",
        favorito: false,
        etiquetas: ["x"],
        fonte: "'já tinha",
        local: "-1",
        nota: "-menos",
      }),
      makeThought({
        id: 4,
        conteudo: "＝SOMA(1)",
        autoria: "﹫eu",
        modelo: "modelo1",
        favorito: false,
        etiquetas: ["＋y"],
        fonte: "＝F",
        local: "loc. 120",
        nota: "﹫n",
        criadoEm: "2019-03-03T14:05:00.000Z",
        atualizadoEm: "2024-12-31T23:59:59.999Z",
      }),
    ];
    const read = await readItems(readCsv, await exported(thoughts));
    expect(read.leftOut).toEqual([]);
    expect(read.candidates).toEqual(
      thoughts.map(({ id: _id, ...fields }, index) => ({
        at: `linha ${index + 2}`,
        fields: asExported(fields),
      })),
    );
  });

  it("reads a labels cell split at its semicolons, and an empty one as no labels", async () => {
    const text = "conteudo,autoria,etiquetas\r\nUm,Alguém, Poesia ;Mar;;\r\nDois,Alguém,\r\n";
    const { candidates } = await readItems(readCsv, csv(text));
    expect(candidates.map((c) => c.fields.etiquetas)).toEqual([["Poesia", "Mar"], undefined]);
  });

  it("follows the header's order and takes defaults for empty model and favorite cells", async () => {
    const read = await readItems(readCsv, csv("autoria,conteudo,favorito,modelo\nAutor,Texto,,\n"));
    expect(read.candidates).toEqual([
      {
        at: "linha 2",
        fields: { conteudo: "Texto", autoria: "Autor", modelo: undefined, favorito: undefined },
      },
    ]);
  });

  it("names a line whose fields do not match the header, by the line a spreadsheet shows", async () => {
    const read = await readItems(readCsv, csv('conteudo,autoria\n"um\ndois",Autor\nsó um campo\nok,Autor\n'));
    expect(read.candidates.map((c) => c.at)).toEqual(["linha 2", "linha 4"]);
    expect(read.leftOut).toEqual([{ at: "linha 3", message: "A linha tem 1 campos; o cabeçalho tem 2." }]);
  });

  it("passes a favorite that is not true or false on to be refused", async () => {
    const read = await readItems(readCsv, csv("conteudo,autoria,favorito\nTexto,Autor,sim\n"));
    expect(read.candidates[0]?.fields.favorito).toBe("sim");
  });

  it("refuses a CSV without our header, and a malformed one", async () => {
    await expect(readItems(readCsv, csv("nome,email\nA,b\n"))).rejects.toThrow(UnreadableFileError);
    await expect(readItems(readCsv, csv("nome,email\nA,b\n"))).rejects.toThrow(
      /não tem o cabeçalho do Memoteca/,
    );
    await expect(readItems(readCsv, csv("conteudo,conteudo,autoria\n"))).rejects.toThrow(
      /não tem o cabeçalho/,
    );
    await expect(readItems(readCsv, csv(""))).rejects.toThrow(/não tem o cabeçalho/);
    await expect(readItems(readCsv, csv('conteudo,autoria\n"sem fim,Autor\n'))).rejects.toThrow(
      /malformado perto da linha/,
    );
  });

  it("stops at a line too long to be a thought, naming it, rather than gathering it whole", async () => {
    const file = csv(`conteudo,autoria\nok,Autor\n"${"x".repeat(ITEM_MAX_BYTES)}",Autor\n`);
    await expect(readItems(readCsv, file)).rejects.toThrow(/linha 3 do CSV é grande demais/);
  });
});
