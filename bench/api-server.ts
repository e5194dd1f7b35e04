// Child process of the API benchmark: Memoteca's app on a given SQLite file, without logs or write limit,
// on a free loopback port that it prints as {"port": n}.
import { buildApp } from "../src/server/app";
import { openStore } from "../src/server/db/database";

const file = process.argv[2];
if (!file) throw new Error("usage: api-server.ts <file.db>");
const store = await openStore({ kind: "sqlite", file });
const app = await buildApp({ store, logger: false, writeRateLimit: false });
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === "object" && address ? address.port : 0 }));
process.on("SIGTERM", () => {
  void app
    .close()
    .then(() => store.close())
    .then(() => process.exit(0));
});
