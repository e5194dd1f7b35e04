// A child process for tests of several processes opening one database at once. It loads everything first,
// says "ready", then for each line of stdin (a DATABASE_URL) opens that database, migrating it as the
// server does at start, closes it and answers "opened" or "failed: <reason>", one line per request. Its
// parent writes the same line to several of these at once, so their migrations truly race.
import { createInterface } from "node:readline";
import { openStore, parseDatabaseUrl } from "../../src/server/db";

const lines = createInterface({ input: process.stdin });
console.log("ready");
for await (const url of lines) {
  const target = parseDatabaseUrl(url.trim());
  try {
    if (typeof target === "string") throw new Error(target);
    const store = await openStore(target);
    await store.close();
    console.log("opened");
  } catch (error) {
    console.log(`failed: ${error instanceof Error ? error.message : String(error)}`.replaceAll("\n", " "));
  }
}
