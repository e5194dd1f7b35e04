import { describe, expect, it } from "vitest";
import { readItems } from "../../../test-support/server/read-items";
import { ITEM_MAX_BYTES, ITEM_TOO_BIG, UnreadableFileError } from "./items";
import { readJson } from "./read-json";

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

describe("readJson", () => {
  it("reads json-server's db.json: ids of either kind are ignored, missing fields stay missing", async () => {
    const read = await readItems(
      readJson,
      json({
        pensamentos: [
          { id: 1, conteudo: "a", autoria: "Autor", modelo: "modelo2", favorito: true },
          { id: "7f3a", conteudo: "b", autoria: "Autora" },
        ],
      }),
    );
    expect(read.leftOut).toEqual([]);
    expect(read.candidates).toEqual([
      { at: "item 1", fields: { id: 1, conteudo: "a", autoria: "Autor", modelo: "modelo2", favorito: true } },
      { at: "item 2", fields: { id: "7f3a", conteudo: "b", autoria: "Autora" } },
    ]);
  });

  it("names an item that is not an object and keeps reading", async () => {
    const read = await readItems(
      readJson,
      json({ pensamentos: ["texto solto", null, { conteudo: "c", autoria: "Autor" }] }),
    );
    expect(read.candidates.map((c) => c.at)).toEqual(["item 3"]);
    expect(read.leftOut).toEqual([
      { at: "item 1", message: "Não é um pensamento: esperava um objeto com conteudo e autoria." },
      { at: "item 2", message: "Não é um pensamento: esperava um objeto com conteudo e autoria." },
    ]);
  });

  it("takes a file that starts with a BOM", async () => {
    const read = await readItems(readJson, Buffer.from(`\uFEFF${JSON.stringify({ pensamentos: [] })}`));
    expect(read).toEqual({ candidates: [], leftOut: [] });
  });

  it("refuses what is not JSON, and JSON of another shape", async () => {
    await expect(readItems(readJson, Buffer.from("id,conteudo"))).rejects.toThrow(UnreadableFileError);
    await expect(readItems(readJson, Buffer.from("id,conteudo"))).rejects.toThrow(/não é um JSON válido/);
    for (const other of [[], { thoughts: [] }, { pensamentos: {} }, "texto", null]) {
      await expect(readItems(readJson, json(other))).rejects.toThrow(/não tem a lista "pensamentos"/);
    }
  });

  it("reads the list among other members of the file, and whatever spaces surround them", async () => {
    const file = Buffer.from(
      ' \n{ "usuarios": [{"nome": "x", "lista": [1, {"a": "]"}]}], "pensamentos" : [ {"conteudo": "a\\"}", "autoria": "Autor"} ] , "fim": null }\n',
    );
    const read = await readItems(readJson, file);
    expect(read).toEqual({
      candidates: [{ at: "item 1", fields: { conteudo: 'a"}', autoria: "Autor" } }],
      leftOut: [],
    });
  });

  it("leaves out unread an item too big to be a thought, and reads the next", async () => {
    const huge = { conteudo: "x".repeat(ITEM_MAX_BYTES), autoria: "Autor" };
    const read = await readItems(
      readJson,
      json({ pensamentos: [huge, { conteudo: "b", autoria: "Autora" }] }),
    );
    expect(read.leftOut).toEqual([{ at: "item 1", message: ITEM_TOO_BIG }]);
    expect(read.candidates.map((c) => c.at)).toEqual(["item 2"]);
  });

  it("refuses a file broken after its list, or with anything after the document", async () => {
    for (const broken of [
      '{"pensamentos": [{"conteudo": "a", "autoria": "Autor"}], "outro": [}',
      '{"pensamentos": [{"conteudo": "a", "autoria": "Autor"}]} {}',
      '{"pensamentos": [{"conteudo": "a", "autoria": "Autor"},]}',
      '{"pensamentos": [{"conteudo": "a" "autoria": "Autor"}]}',
      '{"pensamentos": [{"conteudo": "sem fim',
    ]) {
      await expect(readItems(readJson, Buffer.from(broken)), broken).rejects.toThrow(/não é um JSON válido/);
    }
  });
});
