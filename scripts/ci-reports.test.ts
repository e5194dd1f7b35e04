import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readReport } from "./ci/reports.mjs";

const folder = mkdtempSync(join(tmpdir(), "memoteca-reports-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A Vitest JSON report with these files, as `--reporter=json` writes it (the fields the summary reads). */
function vitestReport(
  files: { name: string; status: string; message?: string; tests: string[]; failure?: string }[],
) {
  const tests = files.flatMap((file) => file.tests);
  const count = (status: string) => tests.filter((test) => test === status).length;
  const file = join(folder, `report-${Math.random()}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      numPassedTests: count("passed"),
      numFailedTests: count("failed"),
      numPendingTests: count("skipped") + count("pending"),
      numTodoTests: 0,
      testResults: files.map((entry) => ({
        name: join(process.cwd(), entry.name),
        status: entry.status,
        message: entry.message ?? "",
        assertionResults: entry.tests.map((status, at) => ({
          status,
          fullName: `test ${at}`,
          failureMessages: status === "failed" && entry.failure ? [entry.failure] : [],
        })),
      })),
    }),
  );
  return { file, kind: "vitest" as const };
}

describe("the summary's reading of a Vitest report", () => {
  it("counts the tests of a file whose beforeAll threw as failed, and names the file", () => {
    const report = vitestReport([
      { name: "a.test.ts", status: "passed", tests: ["passed", "passed"] },
      { name: "b.test.ts", status: "failed", tests: ["skipped", "skipped", "skipped"] },
    ]);
    expect(readReport(report)).toEqual({
      counted: { passed: 2, failed: 3, skipped: 0 },
      failures: ["b.test.ts (the file failed outside its tests, 3 of them not run)"],
    });
  });

  it("keeps deliberate skips in a passing file as skips, and names failed tests one by one", () => {
    const report = vitestReport([
      { name: "a.test.ts", status: "passed", tests: ["passed", "skipped"] },
      { name: "b.test.ts", status: "failed", tests: ["passed", "failed"] },
    ]);
    expect(readReport(report)).toEqual({
      counted: { passed: 2, failed: 1, skipped: 1 },
      failures: ["b.test.ts › test 1"],
    });
  });

  it("gives a failed test's reason: the first line of its message, without terminal colours", () => {
    const report = vitestReport([
      {
        name: "b.test.ts",
        status: "failed",
        tests: ["failed"],
        failure: "\n\u001b[31mAssertionError: expected 2 to be 3\u001b[39m\n    at b.test.ts:4:5",
      },
    ]);
    expect(readReport(report)?.failures).toEqual(["b.test.ts › test 0 — AssertionError: expected 2 to be 3"]);
  });
});

describe("the summary's reading of a Playwright report", () => {
  it("names a failed spec with its last try's error and the line it failed at", () => {
    const file = join(folder, "playwright.json");
    const failedTry = {
      status: "failed",
      error: {
        message: "\u001b[31mError: expect(locator).toHaveCount(expected)\u001b[39m\n\nExpected: 1",
        location: { file: "labels.spec.ts", line: 67, column: 5 },
      },
    };
    const spec = (title: string, ok: boolean, results: object[]) => ({
      title,
      ok,
      line: 47,
      file: "labels.spec.ts",
      tests: [{ results }],
    });
    writeFileSync(
      file,
      JSON.stringify({
        stats: { expected: 1, flaky: 0, unexpected: 1, skipped: 0 },
        suites: [
          {
            file: "labels.spec.ts",
            specs: [spec("passes", true, [{ status: "passed" }]), spec("fails", false, [failedTry])],
          },
        ],
      }),
    );
    expect(readReport({ file, kind: "playwright" })).toEqual({
      counted: { passed: 1, failed: 1, skipped: 0 },
      failures: ["labels.spec.ts:47 › fails — Error: expect(locator).toHaveCount(expected) (line 67)"],
    });
  });
});
