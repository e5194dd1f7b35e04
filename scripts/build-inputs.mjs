// What `npm run build` is made from, and whether dist/ was built from exactly that. Plain JavaScript on
// purpose: `npm start` runs it with plain node, in an install without TypeScript tooling.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

/** Written last by the build, so a build that failed half-way is never taken for a current one. */
export const STAMP = "dist/build-stamp.json";
export const SERVER_ENTRY = "dist/server/main.js";
export const SSR_ENTRY = "dist/ssr/entry-server.js";
const WEB_ENTRY = "dist/web/index.html";

const FILES = [
  "vite.config.ts",
  "tsconfig.json",
  "tsconfig.base.json",
  "tsconfig.server.json",
  "tsconfig.web.json",
  "scripts/build.mjs",
  "scripts/build-inputs.mjs",
  "scripts/vite-font-display.ts",
  "scripts/vite-inline-css.ts",
  "scripts/vite-preload-lists.ts",
  "scripts/vite-pure-router.ts",
  "scripts/vite-router-invariants.ts",
  "scripts/vite-compile-hints.ts",
  "scripts/vite-early-taps.ts",
  "scripts/precompress.mjs",
  "scripts/build-web.mjs",
  // Compiled into dist/server beside the server, for `npm run password` (export, backup, import) in a production install.
  "scripts/password.ts",
  "scripts/export.ts",
  "scripts/backup.ts",
  "scripts/import.ts",
  "scripts/cli.ts",
];
const FOLDERS = ["src"];
// Tests never reach the bundles; editing one should not cost a rebuild at the next start.
const NOT_BUILT = /\.test\.tsx?$/;

function inputFiles(root) {
  const files = [...FILES];
  for (const folder of FOLDERS) {
    if (!existsSync(join(root, folder))) continue;
    for (const entry of readdirSync(join(root, folder), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || NOT_BUILT.test(entry.name)) continue;
      files.push(relative(root, join(entry.parentPath, entry.name)).split(sep).join("/"));
    }
  }
  return files.sort();
}

/**
 * The installed packages as the lockfile pins them: path, version and integrity. Not the file itself, which
 * `npm prune --omit=dev` may rewrite (it marks dev packages as such) without changing what gets built.
 */
function lockedPackages(root) {
  const path = join(root, "package-lock.json");
  if (!existsSync(path)) return "(missing)";
  const { packages = {} } = JSON.parse(readFileSync(path, "utf8"));
  return Object.entries(packages)
    .filter(([where]) => where !== "")
    .map(([where, entry]) => `${where}@${entry.version ?? entry.resolved}#${entry.integrity ?? ""}`)
    .join("\n");
}

/**
 * A hash of every input's path and content (about 20 ms for the whole tree). Content rather than
 * modification times, so a fresh clone, a copy or a checkout that touches files is not taken for a change.
 */
export function inputsHash(root) {
  const hash = createHash("sha256");
  hash.update(`package-lock.json\0${lockedPackages(root)}\0`);
  for (const file of inputFiles(root)) {
    const path = join(root, file);
    hash.update(`${file}\0`);
    hash.update(existsSync(path) ? readFileSync(path) : "(missing)");
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** "fresh" when dist/ holds a complete build of the current inputs, else "missing" or "stale". */
export function buildState(root) {
  if (![STAMP, SERVER_ENTRY, WEB_ENTRY, SSR_ENTRY].every((file) => existsSync(join(root, file))))
    return "missing";
  try {
    const stamp = JSON.parse(readFileSync(join(root, STAMP), "utf8"));
    return stamp.inputs === inputsHash(root) ? "fresh" : "stale";
  } catch {
    return "stale";
  }
}
