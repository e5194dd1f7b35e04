// The production install as docs/deploy.md tells an operator to make it: build with the dev tools, prune them,
// then start with what is left. Runs in a copy of the working tree, never in the repository itself.
import { spawnSync } from "node:child_process";
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildState } from "../build-inputs.mjs";
import { SERVER_NODE_FLAGS } from "../server-node-flags.mjs";
import { checkRefuses, checkServes } from "./serve-check.mjs";
import {
  changedSince,
  cleanEnv,
  copyWorkingTree,
  linkNodeModules,
  root,
  run,
  snapshot,
} from "./workspace.mjs";

const BUILD_TOOLS = ["tsx", "vite", "esbuild", "typescript", "vitest", "@biomejs/biome"];

/**
 * Gives the copy a build: the repository's own dist/ when it is a build of exactly these sources (the build
 * step of `npm test` has just made it, and building again would make the same files), else a build of its own.
 * Either way `npm start` in the copy must find it current, as it checks before starting.
 */
export function buildInto(copy, options, label) {
  if (buildState(root) === "fresh") {
    cpSync(join(root, "dist"), join(copy, "dist"), { recursive: true });
    if (buildState(copy) === "fresh") {
      console.log(`${label}: uses the repository's build of the same sources (dist/)`);
      return;
    }
    rmSync(join(copy, "dist"), { recursive: true, force: true });
  }
  run("npm", ["run", "build"], options);
}

/**
 * Builds (or takes the current build), prunes the dev dependencies and starts, in `copy`, with `env` (a PATH
 * choosing the Node to use). Returns the start times, in ms, of `npm start` and of `node dist/server/main.js`.
 */
export async function checkProductionInstall(copy, { env = {}, label }) {
  const options = { cwd: copy, env: cleanEnv(env) };
  buildInto(copy, options, label);
  // The server's render bundle is production React whatever NODE_ENV the server starts with; one that still
  // asks process.env.NODE_ENV renders with React's development build (about 4× slower per page).
  if (readFileSync(join(copy, "dist/ssr/entry-server.js"), "utf8").includes("process.env.NODE_ENV")) {
    throw new Error(
      `${label}: dist/ssr/entry-server.js still reads process.env.NODE_ENV (React's development build)`,
    );
  }
  run("npm", ["prune", "--omit=dev", "--no-audit", "--no-fund"], options);
  const left = BUILD_TOOLS.filter((tool) => existsSync(join(copy, "node_modules", tool)));
  if (left.length > 0) throw new Error(`${label}: npm prune --omit=dev left build tools behind: ${left}`);

  const npmStart = await checkServes(`${label}, npm start`, {
    cwd: copy,
    command: "npm",
    args: ["start"],
    env,
  });
  const node = await checkServes(`${label}, node ${SERVER_NODE_FLAGS.join(" ")} dist/server/main.js`, {
    cwd: copy,
    command: "node",
    args: [...SERVER_NODE_FLAGS, "dist/server/main.js"],
    env,
  });

  checkCommands(copy, { env, label });

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
      env,
    });
  } finally {
    writeFileSync(source, original);
  }
  return { npmStart, node };
}

/**
 * The commands beside the server run from the compiled copies in dist/server: `npm run password -- --remove`
 * creates and migrates a fresh SQLite file, `npm run export` writes its (empty) db.json to standard output,
 * `npm run backup` copies the file, `npm run import` reads the export back (nothing new in it).
 */
function checkCommands(copy, { env, label }) {
  const data = mkdtempSync(join(tmpdir(), "memoteca-commands-"));
  try {
    const options = {
      cwd: copy,
      env: cleanEnv({ ...env, DATABASE_URL: `file:${join(data, "memoteca.db")}` }),
      encoding: "utf8",
    };
    const npm = (args) => {
      const result = spawnSync("npm", ["run", "--silent", ...args], options);
      if (result.status !== 0) {
        throw new Error(
          `${label}: npm run ${args.join(" ")} failed (exit ${result.status}): ${result.stderr}`,
        );
      }
      return result.stdout;
    };
    npm(["password", "--", "--remove"]);
    const exportedText = npm(["export", "--", "--format", "json"]);
    const exported = JSON.parse(exportedText);
    if (!Array.isArray(exported.pensamentos)) throw new Error(`${label}: npm run export wrote no db.json`);
    writeFileSync(join(data, "exportado.json"), exportedText);
    const imported = npm(["import", "--", join(data, "exportado.json")]);
    if (!imported.startsWith("0 pensamentos importados.")) {
      throw new Error(`${label}: npm run import said ${JSON.stringify(imported)}`);
    }
    npm(["backup", "--", "--out", join(data, "copia.db")]);
    if (!existsSync(join(data, "copia.db"))) throw new Error(`${label}: npm run backup wrote no copy`);
    console.log(`${label}: npm run password, export, backup and import run from dist/server`);
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
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
