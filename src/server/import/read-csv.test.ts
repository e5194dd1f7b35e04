import { describe, expect, it } from "vitest";
import { makeThought } from "../../../test-support/thought-factory";
import { csvExport } from "../export/csv";
import { UnreadableFileError } from "./items";
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
  it("reads our export back exactly: quotes, line breaks, commas, formula-guarded texts, labels", async () => {
    const thoughts = [
      makeThought({
        id: 1,
        conteudo: 'Ele disse: "olá, mundo"\r\nE foi.',
        autoria: "Autor, o Próprio",
        modelo: "modelo2",
        favorito: true,
        etiquetas: ["Poesia", "com espaço"],
      }),
      makeThought({
        id: 2,
        conteudo: "=1+1",
        autoria: "'=já tinha apóstrofo",
        modelo: "modelo3",
        favorito: false,
        etiquetas: ["=fórmula"],
      }),
      makeThought({
        id: 3,
        conteudo: "-menos",
        autoria: "@arroba",
        modelo: "modelo1",
        favorito: false,
        etiquetas: ["x"],
      }),
    ];
    const read = readCsv(await exported(thoughts));
    expect(read.leftOut).toEqual([]);
    expect(read.candidates).toEqual(
      thoughts.map(({ id: _id, ...fields }, index) => ({ at: `linha ${index + 2}`, fields })),
    );
  });

  it("reads a labels cell split at its semicolons, and an empty one as no labels", async () => {
    const csv = "conteudo,autoria,etiquetas\r\nUm,Alguém, Poesia ;Mar;;\r\nDois,Alguém,\r\n";
    const { candidates } = readCsv(Buffer.from(csv));
    expect(candidates.map((c) => c.fields.etiquetas)).toEqual([["Poesia", "Mar"], undefined]);
  });

  it("follows the header's order and takes defaults for empty model and favorite cells", () => {
    const read = readCsv(csv("autoria,conteudo,favorito,modelo\nAutor,Texto,,\n"));
    expect(read.candidates).toEqual([
      {
        at: "linha 2",
        fields: { conteudo: "Texto", autoria: "Autor", modelo: undefined, favorito: undefined },
      },
    ]);
  });

  it("names a line whose fields do not match the header, by the line a spreadsheet shows", () => {
    const read = readCsv(csv('conteudo,autoria\n"um\ndois",Autor\nsó um campo\nok,Autor\n'));
    expect(read.candidates.map((c) => c.at)).toEqual(["linha 2", "linha 4"]);
    expect(read.leftOut).toEqual([{ at: "linha 3", message: "A linha tem 1 campos; o cabeçalho tem 2." }]);
  });

  it("passes a favorite that is not true or false on to be refused", () => {
    const read = readCsv(csv("conteudo,autoria,favorito\nTexto,Autor,sim\n"));
    expect(read.candidates[0]?.fields.favorito).toBe("sim");
  });

  it("refuses a CSV without our header, and a malformed one", () => {
    expect(() => readCsv(csv("nome,email\nA,b\n"))).toThrow(UnreadableFileError);
    expect(() => readCsv(csv("nome,email\nA,b\n"))).toThrow(/não tem o cabeçalho do Memoteca/);
    expect(() => readCsv(csv("conteudo,conteudo,autoria\n"))).toThrow(/não tem o cabeçalho/);
    expect(() => readCsv(csv(""))).toThrow(/não tem o cabeçalho/);
    expect(() => readCsv(csv('conteudo,autoria\n"sem fim,Autor\n'))).toThrow(/malformado perto da linha/);
  });
});
