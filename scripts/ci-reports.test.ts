import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readReport } from "./ci/reports.mjs";

const folder = mkdtempSync(join(tmpdir(), "memoteca-reports-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A Vitest JSON report with these files, as `--reporter=json` writes it (the fields the summary reads). */
function vitestReport(files: { name: string; status: string; message?: string; tests: string[] }[]) {
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
        assertionResults: entry.tests.map((status, at) => ({ status, fullName: `test ${at}` })),
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
});
