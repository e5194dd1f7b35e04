#!/usr/bin/env node
// Runs every check of the project in order and ends with one plain summary line of all the tests.
// Each step runs even if an earlier one failed, so one run shows everything that is wrong.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";

const reports = "test-results/reports";
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const postgres = process.env.TEST_DATABASE_URL;
const inCi = process.env.CI === "true";

const steps = [
  { name: "lint", cmd: "npx", args: ["biome", "ci", "."] },
  { name: "typecheck", cmd: "npm", args: ["run", "--silent", "typecheck"] },
  {
    name: "unit, component and API (vitest)",
    cmd: "npx",
    args: [
      "vitest",
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${reports}/vitest.json`,
    ],
    report: { file: `${reports}/vitest.json`, kind: "vitest" },
  },
  { name: "build", cmd: "npm", args: ["run", "--silent", "build"] },
  {
    name: "e2e on SQLite (Playwright + Chromium)",
    cmd: "npx",
    args: ["playwright", "test", "--reporter=list,json"],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/e2e-sqlite.json`, E2E_DATABASE: "sqlite" },
    report: { file: `${reports}/e2e-sqlite.json`, kind: "playwright" },
  },
];
if (postgres) {
  steps.push({
    name: "e2e on PostgreSQL (Playwright + Chromium)",
    cmd: "npx",
    args: ["playwright", "test", "--reporter=list,json"],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/e2e-postgres.json`, E2E_DATABASE: "postgres" },
    report: { file: `${reports}/e2e-postgres.json`, kind: "playwright" },
  });
}

function count(report) {
  try {
    const data = JSON.parse(readFileSync(report.file, "utf8"));
    if (report.kind === "vitest") {
      return {
        passed: data.numPassedTests,
        failed: data.numFailedTests,
        skipped: data.numPendingTests + data.numTodoTests,
      };
    }
    return {
      passed: data.stats.expected + data.stats.flaky,
      failed: data.stats.unexpected,
      skipped: data.stats.skipped,
    };
  } catch {
    return undefined;
  }
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const results = [];
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  const run = spawnSync(step.cmd, step.args, { stdio: "inherit", env: { ...process.env, ...step.env } });
  const ok = run.status === 0;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const counted = step.report ? count(step.report) : undefined;
  if (counted) for (const key of Object.keys(totals)) totals[key] += counted[key];
  if (step.report && !counted) totals.failed += 1; // a runner that wrote no report did not run its tests
  results.push({ name: step.name, ok, seconds, counted });
}

console.log("\n=== summary ===");
for (const r of results) {
  const tests = r.counted
    ? ` (${r.counted.passed} passed, ${r.counted.failed} failed, ${r.counted.skipped} skipped)`
    : "";
  console.log(`${r.ok ? "ok  " : "FAIL"} ${r.name} in ${r.seconds}s${tests}`);
}
if (!postgres) {
  const why = "TEST_DATABASE_URL is not set: the PostgreSQL suites were skipped.";
  console.log(inCi ? `FAIL ${why}` : `note: ${why}`);
}
const failedSteps = results.filter((r) => !r.ok).length + (inCi && !postgres ? 1 : 0);
if (failedSteps > 0 && totals.failed === 0) totals.failed = failedSteps;
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps > 0 ? 1 : 0);
