// The production install as the README tells an operator to make it: build with the dev tools, prune them,
// then start with what is left. Runs in a copy of the working tree, never in the repository itself.
import { appendFileSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { checkRefuses, checkServes } from "./serve-check.mjs";
import { changedSince, cleanEnv, copyWorkingTree, linkNodeModules, run, snapshot } from "./workspace.mjs";

const BUILD_TOOLS = ["tsx", "vite", "esbuild", "typescript", "vitest", "@biomejs/biome"];

/**
 * Builds, prunes the dev dependencies and starts, in `copy`, with `env` (a PATH choosing the Node to use).
 * Returns the start times, in ms, of `npm start` and of `node dist/server/main.js`.
 */
export async function checkProductionInstall(copy, { env = {}, label }) {
  const options = { cwd: copy, env: cleanEnv(env) };
  run("npm", ["run", "build"], options);
  run("npm", ["prune", "--omit=dev", "--no-audit", "--no-fund"], options);
  const left = BUILD_TOOLS.filter((tool) => existsSync(join(copy, "node_modules", tool)));
  if (left.length > 0) throw new Error(`${label}: npm prune --omit=dev left build tools behind: ${left}`);

  const npmStart = await checkServes(`${label}, npm start`, {
    cwd: copy,
    command: "npm",
    args: ["start"],
    env,
  });
  const node = await checkServes(`${label}, node dist/server/main.js`, {
    cwd: copy,
    command: "node",
    args: ["dist/server/main.js"],
    env,
  });

  // A source edited after the build: with no build tools left, start must say what to do, not crash.
  const source = join(copy, "src/server/main.ts");
  const original = readFileSync(source, "utf8");
  appendFileSync(source, "\n// edited after the build\n");
  try {
    await checkRefuses(`${label}, npm start with a stale build`, {
      cwd: copy,
      command: "npm",
      args: ["start"],
      says: ["npm ci && npm run build && npm prune --omit=dev", "node dist/server/main.js"],
    });
  } finally {
    writeFileSync(source, original);
  }
  return { npmStart, node };
}

/** The CI step: a fresh copy with the repository's node_modules linked in, checked, then removed. */
export async function productionInstallStep() {
  const before = snapshot();
  const copy = copyWorkingTree("memoteca-production-");
  try {
    linkNodeModules(copy);
    await checkProductionInstall(copy, { label: "production install" });
    const changed = changedSince(before, snapshot());
    if (changed.length > 0) {
      throw new Error(`the copy changed the repository's node_modules: ${changed.slice(0, 5).join(", ")}`);
    }
    console.log(`the repository's node_modules is unchanged (${before.size} files compared)`);
    return { ok: true, counted: { passed: 1, failed: 0, skipped: 0 } };
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}
