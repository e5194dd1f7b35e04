#!/usr/bin/env node
// `npm run build`: the web app (Vite) into dist/web and the server (esbuild) into dist/server, then the
// stamp that lets `npm start` tell a current build from a stale one. Build tools are dev dependencies:
// this script runs where they are installed, never in a pruned production install.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build as bundle } from "esbuild";
import { build as buildWeb } from "vite";
import { inputsHash, SERVER_ENTRY, STAMP } from "./build-inputs.mjs";

const root = fileURLToPath(new URL("../", import.meta.url));
process.chdir(root);

// Hashed before building: a file edited during the build leaves a stamp of the older content, so the next
// start rebuilds rather than trusting a build that may have missed the edit.
const inputs = inputsHash(root);
rmSync(join(root, STAMP), { force: true });

await buildWeb({ configFile: join(root, "vite.config.ts") });

const started = performance.now();
rmSync(join(root, "dist/server"), { recursive: true, force: true });
// The server, and the password command beside it: a production install has no tsx to run its source.
await bundle({
  entryPoints: { main: join(root, "src/server/main.ts"), password: join(root, "scripts/password.ts") },
  outdir: dirname(join(root, SERVER_ENTRY)),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // node_modules stay where they are: better-sqlite3 is a native addon, and the others keep their own
  // files (and licences) instead of being copied into one file.
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
console.log(`${dirname(SERVER_ENTRY)} built in ${Math.round(performance.now() - started)} ms`);

mkdirSync(join(root, "dist"), { recursive: true });
writeFileSync(join(root, STAMP), `${JSON.stringify({ inputs }, null, 2)}\n`);
