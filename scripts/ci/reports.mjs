// Test counts and failed tests from the runners' JSON reports, in the terms of the summary line.
import { readFileSync } from "node:fs";

/** The tests a Vitest report names as failed: "file › full name". */
function vitestFailures(data) {
  return data.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === "failed")
      .map((test) => `${file.name.replace(`${process.cwd()}/`, "")} › ${test.fullName}`),
  );
}

/** The specs a Playwright report names as failed: "file:line › title". */
function playwrightFailures(data) {
  const names = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      if (!spec.ok) names.push(`${spec.file ?? file}:${spec.line} › ${spec.title}`);
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
    return {
      counted: {
        passed: data.numPassedTests,
        failed: data.numFailedTests,
        skipped: data.numPendingTests + data.numTodoTests,
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
