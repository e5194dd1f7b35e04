import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readwiseCsv } from "../test-support/server/highlight-files";
import { keepNote, keepTakeoutZip } from "../test-support/server/keep-takeout";
import { runScript } from "../test-support/server/run-script";
import {
  openTestStore,
  type TestStore,
  testDialects,
  whileSchemasStand,
} from "../test-support/server/test-stores";

const dbJson = JSON.stringify({
  pensamentos: [
    { id: 1, conteudo: "Tudo vale a pena", autoria: "Fernando Pessoa" },
    { id: 2, conteudo: "", autoria: "Ninguém" },
    { id: 3, conteudo: "Se a alma não é pequena", autoria: "Fernando Pessoa", favorito: true },
  ],
});

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`npm run import on ${name}`, () => {
    let test: TestStore;
    let folder: string;
    const run = (args: string[]) =>
      whileSchemasStand(name, () => runScript("import", test.databaseUrl, args));
    const file = (fileName: string, content: string | Buffer) => {
      const path = join(folder, fileName);
      writeFileSync(path, content);
      return path;
    };
    const conteudos = async () => (await test.store.thoughts.all()).map((t) => t.conteudo);

    beforeAll(async () => {
      test = await openTestStore(name);
      folder = mkdtempSync(join(tmpdir(), "memoteca-import-cli-"));
    });
    afterAll(async () => {
      await test?.cleanup();
      if (folder) rmSync(folder, { recursive: true, force: true });
    });
    beforeEach(async () => {
      await test.store.db.deleteFrom("thoughts").execute();
    });

    it("imports a db.json, says what it did and names each item left out", async () => {
      const result = await run([file("db.json", dbJson)]);
      expect(result).toMatchObject({ code: 0, stderr: "" });
      expect(result.stdout).toBe(
        "2 pensamentos importados, 1 ignorado.\n  item 2: Pensamento é obrigatório!\n",
      );
      expect(await conteudos()).toEqual(["Tudo vale a pena", "Se a alma não é pequena"]);
      const again = await run([file("db.json", dbJson)]);
      expect(again.stdout).toBe(
        "0 pensamentos importados, 3 ignorados (2 já estavam no mural).\n  item 2: Pensamento é obrigatório!\n",
      );
    });

    it("with --dry-run, says what would happen and changes nothing", async () => {
      const result = await run([file("db.json", dbJson), "--dry-run"]);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^Simulação: 2 pensamentos seriam importados, 1 seria ignorado\./);
      expect(await conteudos()).toEqual([]);
    });

    it("imports a CSV, a Keep Takeout zip and a file of no extension by their content", async () => {
      const csv = file(
        "mural.csv",
        "\uFEFFid,conteudo,autoria,modelo,favorito\r\n1,Do CSV,Autor,modelo2,true\r\n",
      );
      expect((await run([csv])).stdout).toBe("1 pensamento importado.\n");
      const zip = file(
        "takeout.zip",
        await keepTakeoutZip({ nota: keepNote({ title: "Título Bom", textContent: "Do Keep" }) }),
      );
      expect((await run([zip])).stdout).toBe("1 pensamento importado.\n");
      // A name that says nothing: the content tells Readwise's export.
      const readwise = file(
        "destaques",
        readwiseCsv([{ highlight: "Do Readwise", title: "Livro", author: "Autora" }]),
      );
      expect((await run([readwise])).stdout).toBe("1 pensamento importado.\n");
      expect(await conteudos()).toEqual(["Do CSV", "Do Keep", "Do Readwise"]);
    });

    it("exits with 1 on a file it cannot read, changing nothing, and with 2 on bad arguments", async () => {
      const broken = await run([file("quebrado.json", "{ não")]);
      expect(broken.code).toBe(1);
      expect(broken.stderr).toContain("Nada foi importado: O arquivo não é um JSON válido.");
      const missing = await run([join(folder, "nao-existe.json")]);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain("não existe");
      for (const args of [[], ["a.json", "b.json"], ["a.json", "--seco"]]) {
        const result = await run(args);
        expect(result.code, args.join(" ")).toBe(2);
        expect(result.stderr).toContain("Uso: npm run import -- ARQUIVO [--dry-run]");
      }
      expect(await conteudos()).toEqual([]);
    });

    it("exits with 1 on a file of over 100,000 items, changing nothing", async () => {
      const crowded = await run([
        file("lotado.json", `{"pensamentos":[${Array(100_001).fill("{}").join(",")}]}`),
      ]);
      expect(crowded.code).toBe(1);
      expect(crowded.stderr).toContain("Nada foi importado: O arquivo tem mais de 100.000 itens");
      expect(await conteudos()).toEqual([]);
    });
  });
}
