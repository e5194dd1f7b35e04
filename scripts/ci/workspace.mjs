// Throwaway copies of the repository for the CI steps that install, prune or rebuild: whatever they do to
// their node_modules must never reach the repository's own.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("../../", import.meta.url));

/** Caches that tools write into in place; a copy starts without them rather than sharing their files. */
const CACHES = [".cache", ".vite", ".vite-temp"];

/** Runs a command in the foreground and throws, naming it, when it fails. */
export function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: "inherit", ...options });
  if (result.status !== 0) {
    const how = result.error ? result.error.message : `exit ${result.status ?? result.signal}`;
    throw new Error(`${cmd} ${args.join(" ")} failed (${how})`);
  }
  return result;
}

/**
 * The environment for a command in a copy: the caller's, without what npm passes to a script it runs
 * (npm_config_local_prefix names this repository, and an npm started in the copy must never act on it).
 */
export function cleanEnv(extra = {}) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith("npm_") && key !== "INIT_CWD"),
  );
  return { ...env, ...extra };
}

/**
 * Copies the working tree as it is, uncommitted and new files included (`git archive` would only give the
 * last commit), without node_modules, dist or data: the files git tracks or would track.
 */
export function copyWorkingTree(prefix) {
  const target = mkdtempSync(join(tmpdir(), prefix));
  const listed = run("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
    encoding: "utf8",
  });
  let copied = 0;
  for (const file of new Set(listed.stdout.split("\0"))) {
    if (!file || /^(node_modules|dist|data)\//.test(file)) continue;
    if (!existsSync(join(root, file))) continue; // deleted in the working tree, not yet in git
    mkdirSync(dirname(join(target, file)), { recursive: true });
    cpSync(join(root, file), join(target, file));
    copied += 1;
  }
  console.log(`copied ${copied} files of the working tree into ${target}`);
  return target;
}

/**
 * Gives a copy the repository's node_modules as hard links: a second each, where a fresh `npm ci` takes
 * a minute or more. Hard links share file contents, so what the copy may do is limited to what leaves the
 * originals alone: npm prune removes directories and never writes into a file (checked by `snapshot` before
 * and after), and every file a tool rewrites in place is copied for real: the hidden lockfile and the
 * tools' caches.
 */
export function linkNodeModules(target) {
  const modules = join(target, "node_modules");
  run("cp", ["-al", join(root, "node_modules"), modules]);
  for (const cache of CACHES) rmSync(join(modules, cache), { recursive: true, force: true });
  const lockfile = ".package-lock.json";
  rmSync(join(modules, lockfile), { force: true });
  if (existsSync(join(root, "node_modules", lockfile)))
    run("cp", ["-a", join(root, "node_modules", lockfile), modules]);
}

/** Size and modification time of every file under the repository's node_modules (about 0.2 s). */
export function snapshot() {
  const modules = join(root, "node_modules");
  const files = new Map();
  for (const entry of readdirSync(modules, { recursive: true, withFileTypes: true })) {
    if (entry.isDirectory()) continue;
    const path = join(entry.parentPath, entry.name);
    const inModules = path.slice(modules.length + 1);
    if (CACHES.some((cache) => inModules.startsWith(`${cache}/`))) continue;
    const stat = lstatSync(path);
    files.set(inModules, `${stat.size}:${stat.mtimeMs}`);
  }
  return files;
}

/** The files of `before` that changed or vanished in `after`. */
export function changedSince(before, after) {
  return [...before].filter(([path, state]) => after.get(path) !== state).map(([path]) => path);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
