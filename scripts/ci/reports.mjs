// Test counts from the runners' JSON reports, in the terms of the summary line.
import { readFileSync } from "node:fs";

/** { passed, failed, skipped } from a Vitest or Playwright JSON report; undefined when it is missing. */
export function countReport(report) {
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

/**
 * The names of the failed tests in a Vitest or Playwright JSON report, so the summary at the end of a long
 * run (often all a CI log keeps) says which tests failed, not only how many.
 */
export function failedTests(report) {
  try {
    const data = JSON.parse(readFileSync(report.file, "utf8"));
    if (report.kind === "vitest") {
      return data.testResults.flatMap((file) =>
        file.assertionResults
          .filter((test) => test.status === "failed")
          .map((test) => `${file.name.replace(`${process.cwd()}/`, "")} › ${test.fullName}`),
      );
    }
    const names = [];
    const walk = (suite, file) => {
      for (const spec of suite.specs ?? []) {
        if (!spec.ok) names.push(`${spec.file ?? file}:${spec.line} › ${spec.title}`);
      }
      for (const inner of suite.suites ?? []) walk(inner, suite.file ?? file);
    };
    for (const suite of data.suites ?? []) walk(suite, suite.file);
    return names;
  } catch {
    return [];
  }
}
