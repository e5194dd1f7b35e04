#!/usr/bin/env node
// `npm run password`: runs scripts/password.ts through tsx where the development tools are installed, else
// the copy `npm run build` compiled into dist/server, which is all a production install has.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const compiled = join(root, "dist/server/password.js");

async function tsxLoader() {
  try {
    return await import("tsx/esm/api");
  } catch (error) {
    if (error?.code === "ERR_MODULE_NOT_FOUND") return undefined;
    throw error;
  }
}

const tsx = await tsxLoader();
if (tsx) {
  tsx.register();
  await import(pathToFileURL(join(root, "scripts/password.ts")).href);
} else if (existsSync(compiled)) {
  await import(pathToFileURL(compiled).href);
} else {
  console.error(
    "npm run password precisa do build: rode  npm ci && npm run build  (e depois, se quiser, npm prune --omit=dev).",
  );
  process.exit(1);
}
