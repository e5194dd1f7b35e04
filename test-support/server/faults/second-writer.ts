// A second process writing to the same SQLite file as a running server, the way `npm run seed` or a
// second instance would: `node --import tsx test-support/server/faults/second-writer.ts <file> <ms>`.
// It writes through the store for <ms> milliseconds (single inserts, batches, edits, favorite toggles and
// deletes), prints "pronto" when it starts and a JSON summary at the end, and exits 1 on the first error.
import { openStore } from "../../../src/server/db";
import { insertMany } from "../../../src/server/db/testing";
import { thoughtInput } from "../../thought-factory";
import { AUTHOR, randomModel, textWith, WORDS } from "./truth";

const [file, duration] = process.argv.slice(2);
if (!file || !duration) {
  console.error("usage: second-writer.ts <sqlite file> <milliseconds>");
  process.exit(2);
}

const store = await openStore({ kind: "sqlite", file });
const input = (i: number) =>
  thoughtInput({
    conteudo: textWith(WORDS[i % WORDS.length] ?? "brisa"),
    autoria: AUTHOR,
    modelo: randomModel(),
    favorito: i % 3 === 0,
  });
const done = { created: 0, batches: 0, updated: 0, removed: 0 };
const mine: number[] = [];
try {
  console.log("pronto");
  const until = Date.now() + Number(duration);
  for (let i = 0; Date.now() < until; i++) {
    if (i % 10 === 9) {
      await insertMany(
        store,
        Array.from({ length: 50 }, (_, j) => input(i + j)),
      );
      done.batches++;
    } else if (i % 4 === 1 && mine.length > 0) {
      const id = mine[i % mine.length] ?? 0;
      await store.thoughts.update(
        id,
        i % 8 === 1 ? { favorito: i % 16 === 1 } : { conteudo: textWith(WORDS[i % 3] ?? "brisa") },
      );
      done.updated++;
    } else if (i % 7 === 3 && mine.length > 1) {
      const [id] = mine.splice(0, 1);
      if (id !== undefined && (await store.thoughts.remove(id))) done.removed++;
    } else {
      mine.push((await store.thoughts.create(input(i))).id);
      done.created++;
    }
  }
  console.log(JSON.stringify(done));
} catch (error) {
  console.error(
    `second writer failed after ${JSON.stringify(done)}: ${error instanceof Error ? error.stack : error}`,
  );
  process.exitCode = 1;
} finally {
  await store.close();
}
