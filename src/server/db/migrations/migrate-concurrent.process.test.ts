import { type ChildProcess, spawn } from "node:child_process";
import { createInterface, type Interface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestStore, testDialects, whileSchemasStand } from "../../../../test-support/server/test-stores";
import { migrations } from "./migrate";

const PROCESSES = 3;
const ROUNDS = 5;
const opener = fileURLToPath(new URL("../../../../test-support/server/store-opener.ts", import.meta.url));

interface Opener {
  child: ChildProcess;
  lines: Interface;
  next(): Promise<string>;
}

function startOpener(): Opener {
  const child = spawn(process.execPath, ["--import", "tsx", opener], { stdio: ["pipe", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const queue: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  lines.on("line", (line) => {
    const wake = waiting.shift();
    if (wake) wake(line);
    else queue.push(line);
  });
  child.once("exit", (code) => {
    for (const wake of waiting.splice(0)) wake(`failed: the process exited with ${code}`);
  });
  const next = () => {
    const line = queue.shift();
    return line !== undefined
      ? Promise.resolve(line)
      : new Promise<string>((resolve) => waiting.push(resolve));
  };
  return { child, lines, next };
}

/**
 * Several processes starting at once on a database nobody has migrated yet (a service manager starting
 * replicas, a restart racing a second instance): each must wait for the one migrating, then open it.
 * Before the migration lock, one of three servers exited with "table thoughts already exists" in 2 of 5 tries.
 */
for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`concurrent first opens of a ${name} database`, () => {
    let openers: Opener[] = [];

    beforeAll(async () => {
      openers = Array.from({ length: PROCESSES }, startOpener);
      expect(await Promise.all(openers.map((o) => o.next()))).toEqual(openers.map(() => "ready"));
    }, 60_000);
    afterAll(() => {
      for (const o of openers) o.child.kill();
    });

    it(`${PROCESSES} processes migrate one new database at the same moment, ${ROUNDS} times, and all open it`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        // A database with no table at all: the test store's own migration is replaced by nothing.
        const database = await openTestStore(name, { migrate: async () => {} });
        try {
          // Kysely finds its bookkeeping tables in any schema: no other test schema may come or go meanwhile.
          const answers = await whileSchemasStand(name, () =>
            Promise.all(
              openers.map((o) => {
                o.child.stdin?.write(`${database.databaseUrl}\n`);
                return o.next();
              }),
            ),
          );
          expect(answers).toEqual(openers.map(() => "opened"));
          const store = await database.reopen();
          try {
            const recorded = await store.db
              .withTables<{ kysely_migration: { name: string } }>()
              .selectFrom("kysely_migration")
              .select("name")
              .orderBy("name")
              .execute();
            expect(recorded.map((row) => row.name)).toEqual(Object.keys(migrations));
            expect(await store.thoughts.state()).toMatchObject({ total: 0, favorites: 0 });
          } finally {
            await store.close();
          }
        } finally {
          await database.cleanup();
        }
      }
    }, 60_000);
  });
}
