// Test counts and failed tests from the runners' JSON reports, in the terms of the summary line.
import { readFileSync } from "node:fs";

/**
 * A file that failed with no failed test of its own: a `beforeAll` that threw (Vitest then reports its tests
 * as skipped) or an error outside any test. Its tests did not run; they count as failed, not as skips.
 */
const failedAroundTests = (file) =>
  file.status === "failed" && !file.assertionResults.some((test) => test.status === "failed");
/** A terminal's colour code (ESC [ … m), built from its character code: a regex literal may not hold ESC. */
const TERMINAL_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");
/**
 * The first meaningful line of a failure's message, without terminal colours, cut to 300 characters: a CI
 * log often keeps only the summary, and a failure under load is hard to reproduce, so its reason goes there.
 */
export function firstLine(message) {
  const plain = String(message ?? "").replace(TERMINAL_COLOUR, "");
  const line = plain.split("\n").find((text) => text.trim() !== "") ?? "";
  const trimmed = line.trim();
  return trimmed.length > 300 ? `${trimmed.slice(0, 299)}…` : trimmed;
}
const because = (message) => (firstLine(message) ? ` — ${firstLine(message)}` : "");

const notRun = (file) =>
  file.assertionResults.filter((test) => test.status === "pending" || test.status === "skipped").length;

/**
 * The tests a Vitest report names as failed: "file › full name". A file that failed around its tests is
 * named too, with what Vitest says of it, so such a run never reads as skips alone.
 */
function vitestFailures(data) {
  return data.testResults.flatMap((file) => {
    const name = file.name.replace(`${process.cwd()}/`, "");
    if (!failedAroundTests(file)) {
      return file.assertionResults
        .filter((test) => test.status === "failed")
        .map((test) => `${name} › ${test.fullName}${because(test.failureMessages?.[0])}`);
    }
    const why = file.message ? `: ${file.message.split("\n")[0]}` : "";
    return [`${name} (the file failed outside its tests, ${notRun(file)} of them not run${why})`];
  });
}

/** The error of a Playwright spec's last failed try, with the line of the test it failed at. */
function specError(spec) {
  const results = (spec.tests ?? []).flatMap((test) => test.results ?? []);
  const failed = results.filter((result) => result.status !== "passed" && result.status !== "skipped").at(-1);
  const error = failed?.error ?? failed?.errors?.[0];
  if (!error) return "";
  const where = error.location ? ` (line ${error.location.line})` : "";
  return `${because(error.message)}${where}`;
}

/** The specs a Playwright report names as failed: "file:line › title — first line of the error". */
function playwrightFailures(data) {
  const names = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      if (!spec.ok) names.push(`${spec.file ?? file}:${spec.line} › ${spec.title}${specError(spec)}`);
    }
    for (const inner of suite.suites ?? []) walk(inner, suite.file ?? file);
  };
  for (const suite of data.suites ?? []) walk(suite, suite.file);
  return names;
}

/**
 * { passed, failed, skipped } from a Vitest or Playwright JSON report, and the names of the failed tests, so
 * the summary at the end of a long run (often all a CI log keeps) says which tests failed, not only how
 * many. Undefined when the report is missing or unreadable.
 */
export function readReport(report) {
  let data;
  try {
    data = JSON.parse(readFileSync(report.file, "utf8"));
  } catch {
    return undefined;
  }
  if (report.kind === "vitest") {
    const unrun = data.testResults.filter(failedAroundTests).reduce((sum, file) => sum + notRun(file), 0);
    return {
      counted: {
        passed: data.numPassedTests,
        failed: data.numFailedTests + unrun,
        skipped: data.numPendingTests + data.numTodoTests - unrun,
      },
      failures: vitestFailures(data),
    };
  }
  return {
    counted: {
      passed: data.stats.expected + data.stats.flaky,
      failed: data.stats.unexpected,
      skipped: data.stats.skipped,
    },
    failures: playwrightFailures(data),
  };
}

/** { passed, failed, skipped } from a report; undefined when it is missing. */
export function countReport(report) {
  return readReport(report)?.counted;
}
