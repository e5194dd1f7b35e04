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
