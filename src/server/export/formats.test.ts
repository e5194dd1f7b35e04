import { describe, expect, it } from "vitest";
import { asExported, makeThought, testInstant } from "../../../test-support/thought-factory";
import type { Thought } from "../../domain/contract";
import { csvExport, csvField, GUARDED_FORMULA, neutralizeFormula } from "./csv";
import { exportFileName, exportFormats, localDate } from "./formats";
import { jsonExport } from "./json";
import { blockquote, escapeMarkdown, markdownExport } from "./markdown";
import { exportStream } from "./stream";

const exportedAt = new Date(2025, 0, 2, 10, 30);
/** The files below are checked to the byte, so each thought's text is known. */
const thought = (id: number, fields: Partial<Thought> = {}): Thought =>
  makeThought({ id, conteudo: `Pensamento ${id}`, autoria: "Fernando Pessoa", ...fields });

const HEADER = "id,conteudo,autoria,modelo,favorito,etiquetas,fonte,local,nota,criadoEm,atualizadoEm";
/** A made thought's two dates (criadoEm, atualizadoEm) as the CSV writes them. */
const dates = (id: number) => `${testInstant(id)},${testInstant(id)}`;

async function* from(thoughts: Thought[]): AsyncGenerator<Thought> {
  yield* thoughts;
}
async function text(pieces: AsyncIterable<string>): Promise<string> {
  let all = "";
  for await (const piece of pieces) all += piece;
  return all;
}

describe("file names and types", () => {
  it("names the file after the server's local day, with the format's extension", () => {
    expect(localDate(new Date(2025, 11, 31, 23, 59))).toBe("2025-12-31");
    expect(exportFileName("json", exportedAt)).toBe("memoteca-2025-01-02.json");
    expect(exportFileName("markdown", exportedAt)).toBe("memoteca-2025-01-02.md");
    expect(exportFileName("csv", exportedAt)).toBe("memoteca-2025-01-02.csv");
    for (const spec of Object.values(exportFormats)) expect(spec.contentType).toMatch(/; charset=utf-8$/);
  });
});

describe("JSON", () => {
  it("is json-server's db.json, oldest first, with exactly the five fields", async () => {
    const extra = { ...thought(2, { favorito: true, conteudo: 'Aspas " e \\ e\nlinhas' }), busca: "x" };
    const out = await text(jsonExport(from([thought(1), extra])));
    expect(JSON.parse(out)).toEqual({
      pensamentos: [thought(1), thought(2, { favorito: true, conteudo: 'Aspas " e \\ e\nlinhas' })].map(
        asExported,
      ),
    });
  });

  it("writes an empty wall as an empty list", async () => {
    expect(JSON.parse(await text(jsonExport(from([]))))).toEqual({ pensamentos: [] });
  });
});

describe("CSV", () => {
  it("starts with the BOM and the header, ends every line with CRLF", async () => {
    const out = await text(
      csvExport(
        from([thought(1), thought(2, { favorito: true, modelo: "modelo3", etiquetas: ["Poesia", "Mar"] })]),
      ),
    );
    expect(out).toBe(
      `\uFEFF${HEADER}\r\n` +
        `1,Pensamento 1,Fernando Pessoa,modelo1,false,,,,,${dates(1)}\r\n` +
        `2,Pensamento 2,Fernando Pessoa,modelo3,true,Poesia; Mar,,,,${dates(2)}\r\n`,
    );
  });

  it("quotes fields with a comma, quote, CR or LF and doubles the quotes (RFC 4180)", () => {
    expect(csvField("simples")).toBe("simples");
    expect(csvField("a, b")).toBe('"a, b"');
    expect(csvField('diz "oi"')).toBe('"diz ""oi"""');
    expect(csvField("linha\nnova")).toBe('"linha\nnova"');
    expect(csvField("linha\r\nnova")).toBe('"linha\r\nnova"');
    expect(csvField("só\rCR")).toBe('"só\rCR"');
  });

  it("keeps a text from running as a spreadsheet formula, reversibly", async () => {
    for (const risky of ["=1+1", "+55 11", "-2", "@SOMA(A1)", "\tx", "\rx"]) {
      expect(neutralizeFormula(risky)).toBe(`'${risky}`);
    }
    expect(neutralizeFormula("'=já tinha")).toBe("''=já tinha");
    expect(neutralizeFormula("'apóstrofo comum")).toBe("'apóstrofo comum");
    expect(neutralizeFormula("Normal = texto")).toBe("Normal = texto");
    // The importer's rule: one apostrophe off a field matching GUARDED_FORMULA gives the text back.
    const strip = (field: string) => (GUARDED_FORMULA.test(field) ? field.slice(1) : field);
    for (const original of ["=1+1", "'=já tinha", "''-x", "'apóstrofo comum", "nada", "＝1", "'﹢2"]) {
      expect(strip(neutralizeFormula(original))).toBe(original);
    }
    const out = await text(
      csvExport(from([thought(1, { conteudo: '=HYPERLINK("x")', autoria: "@eu", etiquetas: ["-menos"] })])),
    );
    expect(out.split("\r\n")[1]).toBe(`1,"'=HYPERLINK(""x"")",'@eu,modelo1,false,'-menos,,,,${dates(1)}`);
  });

  it("guards the full-width and small forms of = + - @ too, which some spreadsheets read as ASCII", async () => {
    for (const risky of ["＝1+1", "＋55", "－2", "＠SOMA(A1)", "﹦1", "﹢1", "﹣1", "﹫eu", "'＝já tinha"]) {
      expect(neutralizeFormula(risky), risky).toBe(`'${risky}`);
    }
    // Other full-width signs, and these forms further into a text, are words like any other.
    for (const plain of ["（nota）", "１＋１", "a ＝ b", "！"])
      expect(neutralizeFormula(plain), plain).toBe(plain);
    const out = await text(csvExport(from([thought(1, { conteudo: "＝HYPERLINK(1)", autoria: "﹫eu" })])));
    expect(out.split("\r\n")[1]).toBe(`1,'＝HYPERLINK(1),'﹫eu,modelo1,false,,,,,${dates(1)}`);
  });

  it("writes only the BOM and header for an empty wall", async () => {
    expect(await text(csvExport(from([])))).toBe(`\uFEFF${HEADER}\r\n`);
  });
});

describe("Markdown", () => {
  it("escapes what would start markup anywhere in a line", () => {
    expect(escapeMarkdown("*negrito* _itálico_ `código` [link](url) ![img](x) <b>html</b>")).toBe(
      "\\*negrito\\* \\_itálico\\_ \\`código\\` \\[link\\](url) !\\[img\\](x) \\<b\\>html\\</b\\>",
    );
    expect(escapeMarkdown("a | b \\ ~~x~~ &amp;")).toBe("a \\| b \\\\ \\~\\~x\\~\\~ \\&amp;");
    expect(escapeMarkdown("    código indentado")).toBe("&#32;&#32;&#32;&#32;código indentado");
  });

  it("escapes headings, list items and underlines only at the start of a line", () => {
    expect(escapeMarkdown("# título")).toBe("\\# título");
    expect(escapeMarkdown("===")).toBe("\\===");
    expect(escapeMarkdown("---")).toBe("\\---");
    expect(escapeMarkdown("- item")).toBe("\\- item");
    expect(escapeMarkdown("+ item")).toBe("\\+ item");
    expect(escapeMarkdown("1. item")).toBe("1\\. item");
    expect(escapeMarkdown("12) item")).toBe("12\\) item");
  });

  it("leaves plain punctuation as typed, so the file reads as text", () => {
    const plain = "Navegar é preciso. Viver não é preciso! (Pessoa) 1 + 1 = 2 - sempre #1 {ok}";
    expect(escapeMarkdown(plain)).toBe(plain);
  });

  it("quotes every line, blank lines as '>', with hard breaks inside a paragraph", () => {
    expect(blockquote("um\ndois\n\n> três")).toBe("> um\\\n> dois\n>\n> \\> três");
    expect(blockquote("só")).toBe("> só");
    expect(blockquote("a\r\n   \r\nb")).toBe("> a\n>\n> b");
  });

  it("has a title, the date, and each thought with its author in bold, source, note and dates", async () => {
    // Local times, so that the server's time zone reads them back as written.
    const added = new Date(2025, 2, 3, 14, 5).toISOString();
    const changed = new Date(2025, 5, 10, 9, 0).toISOString();
    const out = await text(
      markdownExport(
        from([
          thought(1, { conteudo: "Navegar é preciso.", criadoEm: added, atualizadoEm: added }),
          thought(2, {
            favorito: true,
            autoria: "A_B",
            fonte: "Mensagem *1934*",
            local: "p. 42",
            nota: "Lido em voz alta.\n\n# Duas vezes",
            criadoEm: added,
            atualizadoEm: changed,
          }),
          thought(3, { local: "loc. 120", criadoEm: added, atualizadoEm: added }),
        ]),
        { exportedAt },
      ),
    );
    expect(out).toBe(
      "# Memoteca\n\nExportado em 2 de janeiro de 2025 às 10:30.\n" +
        "\n> Navegar é preciso.\n\n— **Fernando Pessoa**\n" +
        "\nAdicionado em 3 de março de 2025 às 14:05.\n" +
        "\n> Pensamento 2\n\n— **A\\_B** · *Mensagem \\*1934\\**, p. 42 · ★ Favorito\n" +
        "\nNota: Lido em voz alta.\\\n\\# Duas vezes\n" +
        "\nAdicionado em 3 de março de 2025 às 14:05 · alterado em 10 de junho de 2025 às 09:00.\n" +
        "\n> Pensamento 3\n\n— **Fernando Pessoa** · loc. 120\n" +
        "\nAdicionado em 3 de março de 2025 às 14:05.\n",
    );
  });

  it("says the wall is empty", async () => {
    const out = await text(markdownExport(from([]), { exportedAt }));
    expect(out).toBe(
      "# Memoteca\n\nExportado em 2 de janeiro de 2025 às 10:30.\n\nNenhum pensamento no mural.\n",
    );
  });
});

describe("the export stream", () => {
  it("is the format's text as UTF-8 bytes", async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of exportStream(
      from([thought(1, { conteudo: "Coração ★" })]),
      "json",
      exportedAt,
    )) {
      chunks.push(chunk as Buffer);
    }
    expect(JSON.parse(Buffer.concat(chunks).toString("utf8")).pensamentos[0].conteudo).toBe("Coração ★");
  });

  it("fails, not ends, when the thoughts fail midway", async () => {
    async function* broken(): AsyncGenerator<Thought> {
      yield thought(1);
      throw new Error("conexão perdida");
    }
    const read = async () => {
      for await (const _ of exportStream(broken(), "csv", exportedAt)) {
        // reading
      }
    };
    await expect(read()).rejects.toThrow("conexão perdida");
  });
});
