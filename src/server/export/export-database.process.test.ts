import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openTestStore, type TestStore, testDialects } from "../../../test-support/server/test-stores";
import { asExported, thoughtInput } from "../../../test-support/thought-factory";
import type { Thought } from "../../domain/contract";
import { type DatabaseTarget, EVERY_CHUNK as EXPORT_CHUNK, parseDatabaseUrl } from "../db";
import { DatabaseSync } from "../db/testing";
import { BackupError, backupDatabase } from "./backup";

const input = (i: number) => thoughtInput({ modelo: "modelo2", favorito: i % 7 === 0 });

async function collect(source: AsyncIterable<Thought>): Promise<Thought[]> {
  const all: Thought[] = [];
  for await (const thought of source) all.push(thought);
  return all;
}

/** A separate process inserting thoughts into the SQLite file for `ms`; done resolves to how many it wrote. */
function writeFor(file: string, ms: number): { ready: Promise<void>; done: Promise<number> } {
  const program = `
    const db = new (require("node:sqlite").DatabaseSync)(process.argv[1], { timeout: 5000 });
    const insert = db.prepare("INSERT INTO thoughts (conteudo, autoria, modelo, favorito, busca) VALUES (?, ?, ?, 0, ?)");
    process.stdout.write("ready\\n");
    let n = 0;
    const end = Date.now() + ${ms};
    while (Date.now() < end) { insert.run("Escrito " + n, "Outro processo", "modelo1", "escrito " + n); n++; }
    process.stdout.write(n + "\\n");
  `;
  const child = spawn(process.execPath, ["-e", program, file], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  let onReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    onReady = resolve;
  });
  child.stdout.on("data", (chunk) => {
    output += String(chunk);
    if (output.startsWith("ready\n")) onReady();
  });
  const done = new Promise<number>((resolve, reject) =>
    child.on("close", (code) =>
      code === 0 ? resolve(Number(output.split("\n")[1])) : reject(new Error(`writer exited with ${code}`)),
    ),
  );
  return { ready, done };
}

const root = fileURLToPath(new URL("../../../", import.meta.url));

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`export reading and backups on ${name}`, () => {
    let test: TestStore;
    let folder: string;

    beforeAll(async () => {
      test = await openTestStore(name);
      folder = mkdtempSync(join(tmpdir(), "memoteca-backup-"));
    });
    afterAll(async () => {
      await test?.cleanup();
      if (folder) rmSync(folder, { recursive: true, force: true });
    });
    beforeEach(async () => {
      await test.store.db.deleteFrom("thoughts").execute();
    });

    const ids = async () =>
      (await test.store.db.selectFrom("thoughts").select("id").orderBy("id").execute()).map((r) =>
        Number(r.id),
      );

    it("reads nothing from an empty wall", async () => {
      expect(await collect(test.store.thoughts.every())).toEqual([]);
    });

    it("reads every thought once, oldest first, across chunk boundaries and deleted ids", async () => {
      await test.store.thoughts.insertMany(
        Array.from({ length: 2 * EXPORT_CHUNK + 500 }, (_, i) => input(i)),
      );
      const inserted = await ids();
      // Gaps right at the boundaries of the first and second chunks, and a run of them in between.
      const gone = [
        inserted[EXPORT_CHUNK - 1],
        inserted[EXPORT_CHUNK],
        inserted[2 * EXPORT_CHUNK],
        ...inserted.slice(1500, 1520),
      ];
      await test.store.db
        .deleteFrom("thoughts")
        .where("id", "in", gone as number[])
        .execute();
      const read = await collect(test.store.thoughts.every());
      const expected = await test.store.thoughts.all();
      expect(read.map((t) => t.id)).toEqual(inserted.filter((id) => !gone.includes(id)));
      expect(read).toEqual(expected);
      // A small chunk ending exactly at the last row stops without a lost or repeated thought.
      const small = await collect(test.store.thoughts.every(expected.length));
      expect(small).toEqual(expected);
      expect(await collect(test.store.thoughts.every(7))).toEqual(expected);
    });

    it("refuses to replace an existing file without --force", async () => {
      const out = join(folder, `existing-${name}`);
      writeFileSync(out, "não me apague");
      const target = parseDatabaseUrl(test.databaseUrl) as DatabaseTarget;
      await expect(backupDatabase(target, out)).rejects.toThrow(BackupError);
      expect(readFileSync(out, "utf8")).toBe("não me apague");
      await backupDatabase(target, out, { force: true });
      expect(readFileSync(out, "utf8")).not.toBe("não me apague");
    });

    if (name === "sqlite") {
      it("copies the SQLite file consistently while another process writes", async () => {
        await test.store.thoughts.insertMany(Array.from({ length: 20_000 }, (_, i) => input(i)));
        const before = await ids();
        const target = parseDatabaseUrl(test.databaseUrl) as DatabaseTarget & { kind: "sqlite" };
        const out = join(folder, "copia.db");
        const writer = writeFor(target.file, 1500);
        await writer.ready;
        const result = await backupDatabase(target, out);
        const written = await writer.done;
        expect(result).toEqual({ kind: "sqlite", out });
        const live = await ids();
        expect(written).toBeGreaterThan(0);
        expect(live.length).toBe(before.length + written);
        const copy = new DatabaseSync(out, { readOnly: true });
        try {
          expect(copy.prepare("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
          const rows = copy.prepare("SELECT id FROM thoughts ORDER BY id").all() as { id: number }[];
          // Every thought there before the backup began, and a prefix of the writes: one snapshot.
          expect(rows.length).toBeGreaterThanOrEqual(before.length);
          expect(rows.map((r) => r.id)).toEqual(live.slice(0, rows.length));
          const [state] = copy.prepare("SELECT total FROM wall_state").all() as { total: number }[];
          expect(state?.total).toBe(rows.length);
        } finally {
          copy.close();
        }
        expect(existsSync(`${out}.parcial-${process.pid}`)).toBe(false);
      });

      it("refuses a database that does not exist", async () => {
        const missing = { kind: "sqlite", file: join(folder, "nao-existe.db") } as const;
        await expect(backupDatabase(missing, join(folder, "x.db"))).rejects.toThrow("não existe");
        expect(existsSync(missing.file)).toBe(false);
      });
    } else {
      it("writes the JSON export on PostgreSQL", async () => {
        await test.store.thoughts.insertMany(Array.from({ length: 1200 }, (_, i) => input(i)));
        const target = parseDatabaseUrl(test.databaseUrl) as DatabaseTarget;
        const out = join(folder, "copia.json");
        expect(await backupDatabase(target, out)).toEqual({ kind: "json", out });
        const written = JSON.parse(readFileSync(out, "utf8"));
        // The export leaves out each thought's version (an import starts it afresh).
        expect(written).toEqual({ pensamentos: (await test.store.thoughts.all()).map(asExported) });
      });
    }
  });
}
