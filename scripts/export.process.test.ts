import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DatabaseSync } from "../src/server/db/testing";
import { localDate } from "../src/server/export/formats";
import { runScript } from "../test-support/server/run-script";
import {
  openTestStore,
  type TestStore,
  testDialects,
  whileSchemasStand,
} from "../test-support/server/test-stores";
import { asExported, thoughtInput } from "../test-support/thought-factory";

const root = fileURLToPath(new URL("../", import.meta.url));

/** `npm run export` / `npm run backup` as a person runs them: their own process, DATABASE_URL set. */
const command = (script: "export" | "backup", databaseUrl: string, args: string[]) =>
  runScript(script, databaseUrl, args);

/** Texts each format must carry as typed: a line break, a formula, Markdown's marks. */
const thoughts = [
  thoughtInput({
    conteudo: "Navegar é preciso;\nviver não é preciso.",
    autoria: "Fernando Pessoa",
    modelo: "modelo2",
    favorito: true,
  }),
  thoughtInput({
    conteudo: "=1+1, e *isto* não é negrito",
    autoria: "Alguém",
    modelo: "modelo1",
    favorito: false,
  }),
];

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== "object" || !address) throw new Error("no port");
  return address.port;
}

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`npm run export and npm run backup on ${name}`, () => {
    let test: TestStore;
    let folder: string;
    const run = (script: "export" | "backup", args: string[]) =>
      whileSchemasStand(name, () => command(script, test.databaseUrl, args));

    beforeAll(async () => {
      test = await openTestStore(name);
      await test.store.thoughts.insertMany(thoughts);
      folder = mkdtempSync(join(tmpdir(), "memoteca-export-cli-"));
    });
    afterAll(async () => {
      await test?.cleanup();
      if (folder) rmSync(folder, { recursive: true, force: true });
    });

    it("writes the JSON export to standard output", async () => {
      const result = await run("export", ["--format", "json"]);
      expect(result).toMatchObject({ code: 0, stderr: "" });
      expect(JSON.parse(result.stdout)).toEqual({
        pensamentos: (await test.store.thoughts.all()).map(asExported),
      });
    });

    it("writes Markdown and CSV to --out", async () => {
      const markdown = join(folder, "mural.md");
      const md = await run("export", ["--format", "markdown", "--out", markdown]);
      expect(md.code).toBe(0);
      expect(md.stdout).toBe("");
      expect(md.stderr).toContain(`Exportado para ${markdown}`);
      const text = readFileSync(markdown, "utf8");
      expect(text).toMatch(/^# Memoteca\n/);
      expect(text).toContain(
        "> Navegar é preciso;\\\n> viver não é preciso.\n\n— **Fernando Pessoa** · ★ Favorito",
      );
      expect(text).toContain("> \\=1+1, e \\*isto\\* não é negrito\n");
      // Each thought says when it was added; neither was changed since, so neither says "alterado em".
      expect(text.match(/\nAdicionado em [^\n]+\.\n/g)).toHaveLength(thoughts.length);
      expect(text).not.toContain("alterado em");

      const csv = join(folder, "mural.csv");
      expect((await run("export", ["--format", "csv", "--out", csv])).code).toBe(0);
      const lines = readFileSync(csv, "utf8").split("\r\n");
      expect(lines[0]).toBe(
        "\uFEFFid,conteudo,autoria,modelo,favorito,etiquetas,fonte,local,nota,criadoEm,atualizadoEm",
      );
      // No source, place, note or labels: empty cells; the dates as stored, UTC to the millisecond.
      const formula = (await test.store.thoughts.all()).find((thought) => thought.autoria === "Alguém");
      if (!formula) throw new Error("the thought with a formula is not stored");
      expect(lines[2]).toBe(
        `${formula.id},"'=1+1, e *isto* não é negrito",Alguém,modelo1,false,,,,,${formula.criadoEm},${formula.atualizadoEm}`,
      );
      expect(formula.criadoEm).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    });

    it("exits with 2 and a message in Portuguese on bad arguments", async () => {
      for (const args of [["--format", "xml"], ["--formato", "json"], ["extra"], ["--out"]]) {
        const result = await run("export", args);
        expect(result.code).toBe(2);
        expect(result.stdout).toBe("");
        expect(result.stderr).toContain("Uso: npm run export -- --format json|markdown|csv");
      }
      const backup = await run("backup", []);
      expect(backup.code).toBe(2);
      expect(backup.stderr).toContain("Uso: npm run backup -- --out ARQUIVO [--force]");
    });

    it("backs up to --out, and never over an existing file without --force", async () => {
      const out = join(folder, name === "sqlite" ? "copia.db" : "copia.json");
      const first = await run("backup", ["--out", out]);
      expect(first.code).toBe(0);
      if (name === "sqlite") {
        expect(first.stdout).toContain("Cópia do banco SQLite gravada em");
        const copy = new DatabaseSync(out, { readOnly: true });
        try {
          expect(copy.prepare("SELECT count(*) AS n FROM thoughts").get()).toEqual({ n: thoughts.length });
        } finally {
          copy.close();
        }
      } else {
        expect(first.stdout).toContain("pg_dump");
        expect(JSON.parse(readFileSync(out, "utf8"))).toEqual({
          pensamentos: (await test.store.thoughts.all()).map(asExported),
        });
      }
      writeFileSync(out, "antigo");
      const again = await run("backup", ["--out", out]);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain("já existe. Use --force para substituí-lo.");
      expect(readFileSync(out, "utf8")).toBe("antigo");
      expect((await run("backup", ["--out", out, "--force"])).code).toBe(0);
      expect(readFileSync(out, "utf8")).not.toBe("antigo");
    });

    // Only SQLite names its database by a file that could be missing (no test is skipped on PostgreSQL).
    if (name === "sqlite") {
      it("refuses a SQLite database that does not exist, creating nothing", async () => {
        const missing = join(folder, "nao-existe.db");
        const result = await command("export", `file:${missing}`, []);
        expect(result.code).toBe(1);
        expect(result.stderr).toContain("não existe");
        expect(existsSync(missing)).toBe(false);
      });
    }

    it("exports a db.json that json-server 0.17 serves as it is", async () => {
      const file = join(folder, "db.json");
      expect((await run("export", ["--out", file])).code).toBe(0);
      const port = await freePort();
      const server = spawn(
        process.execPath,
        ["node_modules/json-server/lib/cli/bin.js", "--port", String(port), "--quiet", file],
        { cwd: root, stdio: "ignore" },
      );
      try {
        let answer: Response | undefined;
        for (let tries = 0; tries < 100 && !answer; tries++) {
          answer = await fetch(`http://127.0.0.1:${port}/pensamentos?_sort=id&_order=desc`).catch(
            async () => {
              await new Promise((resolve) => setTimeout(resolve, 100));
              return undefined;
            },
          );
        }
        expect(answer?.status).toBe(200);
        const all = await test.store.thoughts.all();
        expect(await answer?.json()).toEqual([...all].reverse().map(asExported));
      } finally {
        server.kill();
      }
    });
  });
}

describe("the export's file name", () => {
  it("uses the local day", () => {
    expect(localDate(new Date(2024, 1, 29))).toBe("2024-02-29");
  });
});
