#!/usr/bin/env node
// Runs every check of the project in order and ends with one plain summary line of all the tests.
// Each step runs even if an earlier one failed, so one run shows everything that is wrong.
// `--only <words>` runs the steps whose name contains them, e.g. `--only "production install"`; `--quick` runs
// the quick tier alone (lint, types, and the unit, component and API tests, without those that start
// processes), for the edit-and-test loop.
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { printErrorContexts } from "./ci/error-contexts.mjs";
import { nodeLineStep } from "./ci/node-line.mjs";
import { productionInstallStep } from "./ci/production-install.mjs";
import { readReport } from "./ci/reports.mjs";
import { requireSupportedNode } from "./node-runtime.mjs";

requireSupportedNode();

/** The latest release of each supported line besides the pinned one, on which the server suites run again. */
const OTHER_NODE_LINES = ["22.23.3", "26.10.0"];

const reports = "test-results/reports";
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

// Node's compile cache (Node 22.1 and later) for every process the steps start: the Vitest and Playwright
// workers, and the servers, scripts and second writers the tests start by the hundred, each compiling the
// same modules again. The tests that start processes took 96 s without it, 82 with it empty, 65 with it
// filled (2-core machine). Kept in the temporary folder, like the other Node lines, for the next run.
process.env.NODE_COMPILE_CACHE ??= join(tmpdir(), "memoteca-compile-cache");

const backgroundDir = mkdtempSync(join(tmpdir(), "memoteca-test-all-"));
process.on("exit", () => rmSync(backgroundDir, { recursive: true, force: true }));

const postgres = process.env.TEST_DATABASE_URL;
const inCi = process.env.CI === "true";
const quickTier = process.argv.includes("--quick");

const steps = [
  { name: "lint", quick: true, cmd: "npx", args: ["biome", "ci", "."] },
  { name: "typecheck", quick: true, cmd: "npm", args: ["run", "--silent", "typecheck"] },
  // Built once, before the tests: the server and script tests that start processes then run the compiled
  // JavaScript (under a second to start, against three through tsx), and the steps after them reuse it.
  { name: "build", cmd: "npm", args: ["run", "--silent", "build"] },
  {
    name: "unit, component and API (vitest)",
    quick: true,
    cmd: "npx",
    args: [
      "vitest",
      "run",
      // The quick tier leaves out the tests that start processes (vitest.config.ts).
      ...(quickTier ? ["--project", "server", "--project", "web", "--project", "web-isolated"] : []),
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${reports}/vitest.json`,
    ],
    report: { file: `${reports}/vitest.json`, kind: "vitest" },
  },
  {
    name: "e2e on SQLite (Playwright + Chromium)",
    cmd: "npx",
    args: ["playwright", "test", "--reporter=list,json"],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/e2e-sqlite.json`, E2E_DATABASE: "sqlite" },
    report: { file: `${reports}/e2e-sqlite.json`, kind: "playwright" },
  },
];
// On PostgreSQL, the e2e tests whose outcome depends on what the database stores and how it reads it back
// (tagged @storage: writes, paging, search, trash, import and export, sign-in and sessions); the rest is the
// browser's and the server's own behaviour, the same on either database, and runs on SQLite above. The
// dialects' differences themselves are covered by the repository and API suites, which run on both.
if (postgres) {
  steps.push({
    name: "e2e on PostgreSQL, @storage tests (Playwright + Chromium)",
    cmd: "npx",
    args: ["playwright", "test", "--grep", "@storage", "--reporter=list,json"],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/e2e-postgres.json`, E2E_DATABASE: "postgres" },
    report: { file: `${reports}/e2e-postgres.json`, kind: "playwright" },
  });
}

// Production runs compiled JavaScript with plain node: prune the dev tools, start, stop (one test). The
// build step's dist/ is used when it is a build of the current sources; otherwise the step builds.
steps.push({ name: "production install", run: productionInstallStep });
// Everything above runs on the Node the project pins (the devDependency `node`, Node 24). The other supported
// lines, fetched from the npm registry, run the server's tests again on SQLite (scripts/ci/node-line.mjs says
// why not on PostgreSQL too) and a production install on the same build (node-runtime.mjs and `engines` name
// the lines).
for (const version of OTHER_NODE_LINES) {
  steps.push({
    name: `Node ${version}: server tests on SQLite and production start`,
    run: () => nodeLineStep({ version, report: resolve(reports, `vitest-node${version}.json`) }),
  });
}
// The image docs/docker.md builds, run on SQLite in a volume and on PostgreSQL (real daemon). It runs beside
// the other steps, from the Vitest step on, so that it ends before them: it waits on Docker, the network and
// the disk as much as on the CPU, whose share (about 130 s of one core) slows whichever steps it runs beside.
// Its output is shown, whole, in its place.
steps.push({
  name: "container image",
  background: {
    startWith: "unit, component and API",
    script: "scripts/ci/container-run.mjs",
    // Outside test-results/, which Playwright empties when it starts.
    log: join(backgroundDir, "container.log"),
    result: join(backgroundDir, "container.json"),
  },
});

const onlyAt = process.argv.indexOf("--only");
const only = onlyAt >= 0 ? (process.argv[onlyAt + 1] ?? "").toLowerCase() : undefined;
const tier = quickTier ? steps.filter((step) => step.quick) : steps;
const chosen = only === undefined ? tier : tier.filter((step) => step.name.toLowerCase().includes(only));
if (chosen.length === 0) {
  console.error(
    `--only "${only}" matches no step; the steps are:\n${steps.map((s) => `  ${s.name}`).join("\n")}`,
  );
  process.exit(2);
}

console.log(`npm test on Node.js ${process.versions.node}`);

/** Starts a background step's process now; its log and result are read when its turn comes. */
function startInBackground(step) {
  const { script, log, result } = step.background;
  const out = createWriteStream(log);
  const child = spawn(process.execPath, [script, result], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.pipe(out, { end: false });
  child.stderr.pipe(out, { end: false });
  const started = Date.now();
  return new Promise((resolveDone) => {
    child.on("close", (code, signal) => {
      out.end(() => resolveDone({ code: code ?? signal, seconds: (Date.now() - started) / 1000 }));
    });
  });
}

/** Waits for a background step, shows its output, and reads its result (none written: one failure). */
async function finishBackground(step, running) {
  const { log, result } = step.background;
  const { code, seconds } = await running;
  process.stdout.write(existsSync(log) ? readFileSync(log, "utf8") : "");
  const outcome = existsSync(result)
    ? JSON.parse(readFileSync(result, "utf8"))
    : { ok: false, counted: { passed: 0, failed: 1, skipped: 0 } };
  if (code !== 0) outcome.ok = false;
  return { ...outcome, seconds };
}

/** Runs a step; a step that throws has failed, loudly, with its reason. */
async function runStep(step) {
  if (step.run) {
    try {
      return await step.run();
    } catch (error) {
      console.error(`\n${step.name} FAILED: ${error instanceof Error ? error.message : String(error)}`);
      return { ok: false, counted: { passed: 0, failed: 1, skipped: 0 } };
    }
  }
  const run = spawnSync(step.cmd, step.args, { stdio: "inherit", env: { ...process.env, ...step.env } });
  if (!step.report) return { ok: run.status === 0 };
  // A runner that wrote no report did not run its tests: one failure.
  const { counted, failures } = readReport(step.report) ?? {
    counted: { passed: 0, failed: 1, skipped: 0 },
    failures: [],
  };
  if (step.report.kind === "playwright" && failures.length > 0) printErrorContexts();
  return { ok: run.status === 0, counted, failures };
}

/** Background steps started so far; each starts with the step its `startWith` names, or in its own turn. */
const background = new Map();
const startBackgroundWith = (current) => {
  for (const step of chosen) {
    if (!step.background || background.has(step)) continue;
    if (step === current || current.name.startsWith(step.background.startWith)) {
      background.set(step, startInBackground(step));
    }
  }
};
const totals = { passed: 0, failed: 0, skipped: 0 };
const results = [];
for (const step of chosen) {
  startBackgroundWith(step);
  console.log(`\n=== ${step.name}${step.background ? " (ran beside the steps above)" : ""} ===`);
  const started = Date.now();
  const outcome = step.background ? await finishBackground(step, background.get(step)) : await runStep(step);
  const { ok, counted, failures = [] } = outcome;
  const seconds = (outcome.seconds ?? (Date.now() - started) / 1000).toFixed(1);
  if (counted) for (const key of Object.keys(totals)) totals[key] += counted[key];
  results.push({ name: step.name, ok, seconds, counted, failures });
}

console.log("\n=== summary ===");
for (const r of results) {
  const tests = r.counted
    ? ` (${r.counted.passed} passed, ${r.counted.failed} failed, ${r.counted.skipped} skipped)`
    : "";
  console.log(`${r.ok ? "ok  " : "FAIL"} ${r.name} in ${r.seconds}s${tests}`);
  for (const name of r.failures) console.log(`       failed: ${name}`);
}
if (!postgres) {
  const why = "TEST_DATABASE_URL is not set: the PostgreSQL suites were skipped.";
  console.log(inCi ? `FAIL ${why}` : `note: ${why}`);
}
const failedSteps = results.filter((r) => !r.ok).length + (inCi && !postgres ? 1 : 0);
if (failedSteps > 0 && totals.failed === 0) totals.failed = failedSteps;
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps > 0 ? 1 : 0);
