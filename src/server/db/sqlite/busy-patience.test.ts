import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Kysely, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../schema";
import { isDatabaseUnavailable } from "../unavailable";
import { DatabaseSync } from "./node-sqlite";
import { MemotecaSqliteDialect } from "./sqlite-dialect";
import { statementsKept } from "./statements-kept";

describe("a main-thread connection meeting another writer's lock", () => {
  let folder: string;
  let holder: DatabaseSync;
  let mine: DatabaseSync;
  let db: Kysely<Database>;

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), "memoteca-busy-"));
    const file = join(folder, "busy.db");
    holder = new DatabaseSync(file);
    holder.exec("PRAGMA journal_mode = WAL; CREATE TABLE notes (text TEXT)");
    mine = new DatabaseSync(file, { timeout: 0 });
    const patience = { waitMs: 200, inTransaction: () => mine.isTransaction };
    db = new Kysely<Database>({
      dialect: new MemotecaSqliteDialect({ database: statementsKept(mine), patience }),
    });
  });
  afterEach(async () => {
    if (holder.isTransaction) holder.exec("ROLLBACK");
    await db.destroy();
    holder.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it("asks again between the event loop's turns and writes once the lock is let go", async () => {
    holder.exec("BEGIN IMMEDIATE");
    let turns = 0;
    const writing = db.transaction().execute((trx) => sql`INSERT INTO notes VALUES ('mine')`.execute(trx));
    // The other writer commits from a timer: only a wait that yields to the event loop lets it run.
    await new Promise<void>((resolve) =>
      setTimeout(() => {
        turns += 1;
        holder.exec("COMMIT");
        resolve();
      }, 0),
    );
    await writing;
    expect(turns).toBe(1);
    expect(holder.prepare("SELECT text FROM notes").all()).toEqual([{ text: "mine" }]);
  });

  it("gives up with SQLite's BUSY, a 503, when the lock outlasts the wait, letting timers run meanwhile", async () => {
    holder.exec("BEGIN IMMEDIATE");
    let ticks = 0;
    const ticking = setInterval(() => {
      ticks += 1;
    }, 1);
    const failure = await sql`INSERT INTO notes VALUES ('mine')`.execute(db).then(
      () => undefined,
      (error: unknown) => error,
    );
    clearInterval(ticking);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(ticks).toBeGreaterThan(0);
  });
});
