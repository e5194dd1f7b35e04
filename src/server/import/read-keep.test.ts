import { describe, expect, it } from "vitest";
import { keepNote, keepTakeoutZip, zipOf } from "../../../test-support/server/keep-takeout";
import { failingSink, readItems } from "../../../test-support/server/read-items";
import { ITEM_MAX_BYTES, UnreadableFileError } from "./items";
import { KEEP_DEFAULT_AUTHOR } from "./keep-notes";
import { readKeepZip } from "./read-keep";

const usec = (iso: string) => Date.parse(iso) * 1000;

describe("readKeepZip", () => {
  it("maps a note's fields onto a thought: text, title as author, pin as favorite, colour as model, labels, dates", async () => {
    const zip = await keepTakeoutZip({
      Pessoa: keepNote({
        title: "Fernando Pessoa",
        textContent: "Navegar é preciso.",
        color: "GREEN",
        isPinned: true,
        labels: [{ name: "poesia" }, { name: "Portugal" }, {} as { name: string }],
        // Microseconds: the thought keeps the milliseconds.
        createdTimestampUsec: usec("2019-03-03T14:05:00.123Z") + 456,
        userEditedTimestampUsec: usec("2020-01-01T00:00:00Z"),
      }),
    });
    expect(await readItems(readKeepZip, zip)).toEqual({
      candidates: [
        {
          at: "Takeout/Keep/Pessoa.json",
          fields: {
            conteudo: "Navegar é preciso.",
            autoria: "Fernando Pessoa",
            modelo: "modelo3",
            favorito: true,
            etiquetas: ["poesia", "Portugal"],
            criadoEm: "2019-03-03T14:05:00.123Z",
            atualizadoEm: "2020-01-01T00:00:00.000Z",
          },
        },
      ],
      leftOut: [],
    });
  });

  it("gives the documented author to a title that cannot be one, and modelo1 to unknown colours", async () => {
    const { candidates } = await readItems(
      readKeepZip,
      await keepTakeoutZip({
        a: keepNote({ title: "", textContent: "sem título", createdTimestampUsec: 1 }),
        b: keepNote({ title: "Oi", textContent: "título curto", color: "BLUE", createdTimestampUsec: 2 }),
        c: keepNote({
          title: "x".repeat(201),
          textContent: "título longo",
          color: "NEON",
          createdTimestampUsec: 3,
        }),
      }),
    );
    expect(candidates.map((c) => [c.fields.autoria, c.fields.modelo])).toEqual([
      [KEEP_DEFAULT_AUTHOR, "modelo1"],
      [KEEP_DEFAULT_AUTHOR, "modelo2"],
      [KEEP_DEFAULT_AUTHOR, "modelo1"],
    ]);
  });

  it("turns a checklist into its lines, ticked or not", async () => {
    const { candidates } = await readItems(
      readKeepZip,
      await keepTakeoutZip({
        lista: keepNote({
          title: "Compras da semana",
          listContent: [
            { text: "pão", isChecked: true },
            { text: "café", isChecked: false },
          ],
        }),
      }),
    );
    expect(candidates[0]?.fields.conteudo).toBe("pão\ncafé");
  });

  it("passes trashed and empty notes over, brings archived ones in, and orders the notes by when they were made", async () => {
    const { candidates, leftOut, passedOver } = await readItems(
      readKeepZip,
      await keepTakeoutZip({
        novo: keepNote({ textContent: "a mais nova", createdTimestampUsec: usec("2024-03-01") }),
        velho: keepNote({
          textContent: "a mais velha",
          isArchived: true,
          createdTimestampUsec: usec("2020-01-01"),
        }),
        lixo: keepNote({ textContent: "apagada", isTrashed: true }),
        lixoVazio: keepNote({ textContent: "", isTrashed: true }),
        meio: keepNote({ textContent: "a do meio", createdTimestampUsec: usec("2022-06-15") }),
        foto: keepNote({ title: "Uma foto", textContent: "" }),
        listaVazia: keepNote({ listContent: [{ text: " ", isChecked: false }] }),
      }),
    );
    expect(candidates.map((c) => c.fields.conteudo)).toEqual(["a mais velha", "a do meio", "a mais nova"]);
    expect(leftOut).toEqual([]);
    expect(passedOver).toEqual([
      { reason: "Notas na lixeira do Keep", count: 2 },
      { reason: "Notas do Keep sem texto", count: 2 },
    ]);
  });

  it("names a note it cannot read, and reads the rest", async () => {
    const { candidates, leftOut } = await readItems(
      readKeepZip,
      await keepTakeoutZip({
        quebrada: "{ não é json",
        lista: "[1, 2]",
        boa: keepNote({ textContent: "ok" }),
      }),
    );
    expect(candidates).toHaveLength(1);
    expect(leftOut.map((e) => e.at).sort()).toEqual([
      "Takeout/Keep/lista.json",
      "Takeout/Keep/quebrada.json",
    ]);
    expect(leftOut[0]?.message).toBe("Não é uma nota do Keep legível.");
  });

  it("refuses a file that is not a zip, and a zip without Keep notes", async () => {
    await expect(readItems(readKeepZip, Buffer.from("não sou um zip"))).rejects.toThrow(UnreadableFileError);
    await expect(readItems(readKeepZip, Buffer.from("não sou um zip"))).rejects.toThrow(
      /não é um zip legível/,
    );
    const otherZip = await zipOf([["Takeout/Drive/doc.json", "{}"]]);
    await expect(readItems(readKeepZip, otherZip)).rejects.toThrow(/não tem notas do Google Keep/);
  });

  it("reads a ZIP64 zip (what Takeout writes past 65,535 files) whole", async () => {
    const files: [string, string][] = Array.from({ length: 50 }, (_, i) => [
      `Takeout/Keep/n${i}.json`,
      JSON.stringify(keepNote({ textContent: `nota ${i}`, createdTimestampUsec: i })),
    ]);
    const zip = await zipOf(files, { zip64: true });
    // The ZIP64 end-of-directory record's signature: the directory is read from it.
    expect(zip.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true);
    const { candidates, leftOut } = await readItems(readKeepZip, zip);
    expect(leftOut).toEqual([]);
    expect(candidates.map((c) => c.fields.conteudo)).toEqual(files.map((_, i) => `nota ${i}`));
  });

  it("leaves out, by name, an entry that inflates past the size its header declares", async () => {
    const zip = await zipOf([
      ["Takeout/Keep/n.json", JSON.stringify(keepNote({ textContent: "x".repeat(5000) }))],
    ]);
    // The central directory's uncompressed size (offset 24 of its header) made smaller than the truth.
    const central = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    zip.writeUInt32LE(100, central + 24);
    expect(await readItems(readKeepZip, zip)).toEqual({
      candidates: [],
      leftOut: [{ at: "Takeout/Keep/n.json", message: "Não é uma nota do Keep legível." }],
    });
  });

  it("leaves out by its declared size a note too big for a thought, without inflating it", async () => {
    const zip = await zipOf([
      ["Takeout/Keep/enorme.json", JSON.stringify(keepNote({ textContent: "x".repeat(ITEM_MAX_BYTES) }))],
      ["Takeout/Keep/boa.json", JSON.stringify(keepNote({ textContent: "ok" }))],
    ]);
    const { candidates, leftOut } = await readItems(readKeepZip, zip);
    expect(candidates.map((c) => c.at)).toEqual(["Takeout/Keep/boa.json"]);
    expect(leftOut).toEqual([
      { at: "Takeout/Keep/enorme.json", message: expect.stringMatching(/^Grande demais/) },
    ]);
  });
});

describe("readKeepZip, when the items' sink fails", () => {
  it("passes the sink's own failure on as it is (the database's, say), not as a zip it cannot read", async () => {
    const zip = await keepTakeoutZip({ Nota: keepNote({ textContent: "Uma nota." }) });
    const databaseDown = new Error("the database went away");
    await expect(readKeepZip(zip, failingSink(databaseDown))).rejects.toBe(databaseDown);
    await expect(readKeepZip(zip, failingSink(databaseDown, "next"))).rejects.toBe(databaseDown);
  });
});
