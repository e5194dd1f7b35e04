#!/usr/bin/env node
// `npm run build`: the web app (Vite) into dist/web, the wall's server render into dist/ssr, the server (esbuild)
// into dist/server, then the stamp that lets `npm start` tell a current build from a stale one. Build tools are
// dev dependencies: this script runs where they are installed, never in a pruned production install.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build as bundle } from "esbuild";
import { inputsHash, SERVER_ENTRY, STAMP } from "./build-inputs.mjs";
import { buildWebApp } from "./build-web.mjs";

const root = fileURLToPath(new URL("../", import.meta.url));
process.chdir(root);

// Hashed before building: a file edited during the build leaves a stamp of the older content, so the next
// start rebuilds rather than trusting a build that may have missed the edit.
const inputs = inputsHash(root);
rmSync(join(root, STAMP), { force: true });

const compressed = await buildWebApp(root, join(root, "dist"));
console.log(`dist/web: ${compressed} files compressed ahead (brotli, gzip)`);

/**
 * Kysely and zod are ES modules of some hundreds of files each, and Node loads those one by one: 0.35 s of
 * a one-second start on this machine. They are bundled into the server, where they load as one file. Every
 * other package stays in node_modules: pg loads its native driver on demand, and the CommonJS packages
 * load quickly as they are (and keep their own files and licences).
 */
const BUNDLED = ["kysely", "zod", "fastify-type-provider-zod"];

function runtimePackagesLeftOut() {
  const { dependencies } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  // @fastify/* covers the helpers that the bundled type provider imports (@fastify/error).
  return [...Object.keys(dependencies).filter((name) => !BUNDLED.includes(name)), "@fastify/*"];
}

const started = performance.now();
rmSync(join(root, "dist/server"), { recursive: true, force: true });
// The server, and the commands beside it (password, export, backup, import): a production install has no tsx to
// run their source. The card-drawing worker is a file of its own, which the server's draw pool starts from
// beside main.js (src/server/card-image/draw-pool.ts).
await bundle({
  entryPoints: {
    main: join(root, "src/server/main.ts"),
    "card-draw-worker": join(root, "src/server/card-image/draw-worker.ts"),
    password: join(root, "scripts/password.ts"),
    export: join(root, "scripts/export.ts"),
    backup: join(root, "scripts/backup.ts"),
    import: join(root, "scripts/import.ts"),
  },
  outdir: dirname(join(root, SERVER_ENTRY)),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  external: runtimePackagesLeftOut(),
  sourcemap: true,
  logLevel: "warning",
});
console.log(`${dirname(SERVER_ENTRY)} built in ${Math.round(performance.now() - started)} ms`);

mkdirSync(join(root, "dist"), { recursive: true });
writeFileSync(join(root, STAMP), `${JSON.stringify({ inputs }, null, 2)}\n`);
