import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readItems } from "../../../test-support/server/read-items";
import { UnreadableFileError } from "./items";
import { KINDLE_LABEL, KINDLE_PASSED_OVER, kindleAuthor, readKindle } from "./read-kindle";

/** Both languages, CRLF and a BOM; a note, a bookmark and an edited highlight repeated in each book. */
const fixture = readFileSync(new URL("../../../test-support/fixtures/my-clippings.txt", import.meta.url));

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
});
