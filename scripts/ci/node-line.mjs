// The server side on one more supported Node line: the server's Vitest project on SQLite (the repositories,
// the API through the app, the domain, the scripts' logic) and a production install started on it (npm
// start, node dist/server/main.js, the commands, a stale build refused). The rest of `npm test`, the
// PostgreSQL suites and the tests that start processes included, runs on the Node the project pins: what
// changes from one Node line to the next is Node's own (node:sqlite, streams, crypto, worker threads), which
// the SQLite run goes through; the pg driver is JavaScript that runs alike on each (and the PostgreSQL half
// was two fifths of this step's time).
import { rmSync } from "node:fs";
import { join } from "node:path";
import { nodeBinary } from "./node-binary.mjs";
import { checkProductionInstall } from "./production-install.mjs";
import { countReport, readReport } from "./reports.mjs";
import {
  changedSince,
  cleanEnv,
  copyWorkingTree,
  linkNodeModules,
  root,
  run,
  snapshot,
} from "./workspace.mjs";

/** The CI step for Node `version`: its tests are counted from Vitest's report, the production install as one. */
export async function nodeLineStep({ version, report }) {
  const before = snapshot();
  const home = nodeBinary(version);
  // First on PATH, so that npm, and whatever the tests start by name, run on this Node too.
  const env = cleanEnv({ PATH: `${join(home, "bin")}:${process.env.PATH}`, TEST_DIALECTS: "sqlite" });

  rmSync(report, { force: true });
  const vitest = ["node_modules/vitest/vitest.mjs", "run", "--project", "server"];
  const reporters = ["--reporter=default", "--reporter=json", `--outputFile.json=${report}`];
  let testsOk = true;
  try {
    run(join(home, "bin/node"), [...vitest, ...reporters], { cwd: root, env });
  } catch (error) {
    console.error(String(error));
    testsOk = false;
  }
  // A report that is missing means the tests did not run: one failure.
  const counted = countReport({ file: report, kind: "vitest" }) ?? { passed: 0, failed: 1, skipped: 0 };

  const copy = copyWorkingTree(`memoteca-node${version}-`);
  let installOk = true;
  let installFailure;
  try {
    linkNodeModules(copy);
    await checkProductionInstall(copy, { env, label: `production install on Node ${version}` });
  } catch (error) {
    console.error(String(error));
    installOk = false;
    // Named in the summary too: a CI log often keeps only its end.
    installFailure = String(error).split("\n")[0];
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
  counted[installOk ? "passed" : "failed"] += 1;

  const changed = changedSince(before, snapshot());
  if (changed.length > 0) {
    throw new Error(`the step changed the repository's node_modules: ${changed.slice(0, 5).join(", ")}`);
  }
  const failures = [
    ...(readReport({ file: report, kind: "vitest" })?.failures ?? []),
    ...(installFailure ? [installFailure] : []),
  ];
  return { ok: testsOk && installOk, counted, failures };
}
