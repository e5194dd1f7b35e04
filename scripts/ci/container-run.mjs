#!/usr/bin/env node
// The container step in a process of its own, so that `npm test` can run it beside the browser tests: it
// mostly waits on Docker (a cached build, containers starting, health checks), and its commands block.
// Usage: node scripts/ci/container-run.mjs <result file>; the result is the step's { ok, counted } as JSON.
import { writeFileSync } from "node:fs";
import { containerStep } from "./container.mjs";

const [resultFile] = process.argv.slice(2);
if (!resultFile) {
  console.error("usage: node scripts/ci/container-run.mjs <result file>");
  process.exit(2);
}
let result;
try {
  result = await containerStep({
    postgresUrl: process.env.TEST_DATABASE_URL,
    inCi: process.env.CI === "true",
  });
} catch (error) {
  console.error(`container image FAILED: ${error instanceof Error ? error.message : String(error)}`);
  result = { ok: false, counted: { passed: 0, failed: 1, skipped: 0 } };
}
writeFileSync(resultFile, JSON.stringify(result));
