// The server side under Node 24: the server's Vitest project and a production install, in a copy whose
// better-sqlite3 is compiled for Node 24 (the repository's own is compiled for the Node that installed it).
import { copyFileSync, existsSync, readFileSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { CACHE, node24 } from "./node24-binary.mjs";
import { buildInto, checkProductionInstall } from "./production-install.mjs";
import { countReport } from "./reports.mjs";
import {
  changedSince,
  cleanEnv,
  copyWorkingTree,
  linkNodeModules,
  root,
  run,
  snapshot,
} from "./workspace.mjs";

const ADDON = "node_modules/better-sqlite3/build/Release/better_sqlite3.node";

/** Gives the copy a better-sqlite3 built for Node 24: from the cache, or compiled (and then cached). */
function addonFor(copy, node, env) {
  const { version } = JSON.parse(
    readFileSync(join(root, "node_modules/better-sqlite3/package.json"), "utf8"),
  );
  const cached = join(CACHE, `better-sqlite3-${version}-node-${node.version}.node`);
  if (existsSync(cached)) {
    copyFileSync(cached, join(copy, ADDON));
    console.log(`better-sqlite3 ${version} for Node ${node.version}: reused ${cached}`);
    return;
  }
  const started = performance.now();
  // No prebuilt binary can be downloaded here: compile at once instead of trying first. The headers are the
  // ones in the Node 24 package (the machine's npmrc points nodedir at Node 20's).
  run("npm", ["rebuild", "better-sqlite3", "--foreground-scripts"], {
    cwd: copy,
    env: { ...env, npm_config_nodedir: node.home, npm_config_build_from_source: "true" },
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`better-sqlite3 ${version} compiled for Node ${node.version} in ${seconds} s`);
  copyFileSync(join(copy, ADDON), `${cached}.${process.pid}`);
  renameSync(`${cached}.${process.pid}`, cached);
}

/** The CI step: its tests are counted from Vitest's report, the production install as one more test. */
export async function node24Step({ report }) {
  const before = snapshot();
  const node = node24();
  const env = cleanEnv({ PATH: `${join(node.home, "bin")}:${process.env.PATH}` });
  const copy = copyWorkingTree("memoteca-node24-");
  try {
    linkNodeModules(copy, { ownCopies: ["better-sqlite3"] });
    addonFor(copy, node, env);
    // The build first: the tests that start the server or a script then run it compiled, as production does
    // (and start in a second, where tsx takes three).
    buildInto(copy, { cwd: copy, env }, `Node ${node.version}`);

    rmSync(report, { force: true });
    const vitest = ["node_modules/vitest/vitest.mjs", "run", "--project", "server", "--project", "processes"];
    const reporters = ["--reporter=default", "--reporter=json", `--outputFile.json=${report}`];
    let testsOk = true;
    try {
      run(join(node.home, "bin/node"), [...vitest, ...reporters], { cwd: copy, env });
    } catch (error) {
      console.error(String(error));
      testsOk = false;
    }
    // A report that is missing means the tests did not run: one failure.
    const counted = countReport({ file: report, kind: "vitest" }) ?? { passed: 0, failed: 1, skipped: 0 };

    let installOk = true;
    try {
      await checkProductionInstall(copy, { env, label: `production install on Node ${node.version}` });
    } catch (error) {
      console.error(String(error));
      installOk = false;
    }
    counted[installOk ? "passed" : "failed"] += 1;

    const changed = changedSince(before, snapshot());
    if (changed.length > 0) {
      throw new Error(`the copy changed the repository's node_modules: ${changed.slice(0, 5).join(", ")}`);
    }
    return { ok: testsOk && installOk, counted };
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}
