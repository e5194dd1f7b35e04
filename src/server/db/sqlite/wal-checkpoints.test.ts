import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Kysely, sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openTestStore, type TestStore } from "../../../../test-support/server/test-stores";
import { thoughtInput } from "../../../../test-support/thought-factory";
import type { Database } from "../schema";
import { DatabaseSync } from "./node-sqlite";
import { openSqlite } from "./open-sqlite";

const THOUGHTS = 3_000;

/** What a copy of the database file alone (no WAL beside it) holds: its thoughts and its integrity check. */
function fileAlone(file: string): { thoughts: number; integrity: string } {
  const folder = mkdtempSync(join(tmpdir(), "memoteca-file-alone-"));
  try {
    copyFileSync(file, join(folder, "copy.db"));
    const copy = new DatabaseSync(join(folder, "copy.db"));
    try {
      const { n } = copy.prepare("SELECT count(*) AS n FROM thoughts").get() as { n: number };
      const { integrity_check } = copy.prepare("PRAGMA integrity_check").get() as { integrity_check: string };
      return { thoughts: n, integrity: integrity_check };
    } finally {
      copy.close();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const autocheckpoint = async (db: Kysely<Database>) =>
  (await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(db)).rows[0]
    ?.wal_autocheckpoint;

describe("SQLite's WAL checkpoints", () => {
  let test: TestStore | undefined;
  afterEach(async () => {
    await test?.cleanup();
    test = undefined;
    vi.restoreAllMocks();
  });

  it("run in a worker, not on the app's connection, and fold an import into the file while it is open", async () => {
    test = await openTestStore("sqlite");
    const { store, target } = test;
    if (target.kind !== "sqlite") throw new Error("a SQLite store expected");
    // The committing connection no longer copies the WAL into the file on the main thread.
    expect(await autocheckpoint(store.db)).toBe(0);
    const inputs = Array.from({ length: THOUGHTS }, (_, n) => thoughtInput({ conteudo: `Pensamento ${n}` }));
    expect(await store.thoughts.importMany(inputs, { dryRun: false })).toEqual({
      imported: THOUGHTS,
      duplicates: 0,
      importId: expect.any(Number),
    });
    // The worker's next checkpoint copies the import into the file itself, while the store stays open.
    await vi.waitFor(() => expect(fileAlone(target.file)).toEqual({ thoughts: THOUGHTS, integrity: "ok" }), {
      timeout: 10_000,
      interval: 200,
    });
    await store.close();
    // The app's connection, the file's last, folds what is left into it and removes the WAL.
    expect(existsSync(`${target.file}-wal`)).toBe(false);
    expect(fileAlone(target.file)).toEqual({ thoughts: THOUGHTS, integrity: "ok" });
  });

  it("go back to the app's connection, with a word in the log, if the worker fails", async () => {
    const folder = mkdtempSync(join(tmpdir(), "memoteca-checkpoint-"));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { db, checkpoints } = openSqlite(join(folder, "memoteca.db"), {
      checkpointWorker: "throw new Error('checkpoint worker broke')",
    });
    try {
      await vi.waitFor(async () => expect(await autocheckpoint(db)).toBe(1_000), { timeout: 10_000 });
      expect(logged).toHaveBeenCalledWith(expect.stringContaining("checkpoint worker broke"));
    } finally {
      await checkpoints?.close();
      await db.destroy();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("need no worker for a database in memory", () => {
    const { db, checkpoints } = openSqlite(":memory:");
    expect(checkpoints).toBeUndefined();
    return db.destroy();
  });
});
