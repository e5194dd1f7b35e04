import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { printErrorContexts } from "./ci/error-contexts.mjs";

const folder = mkdtempSync(join(tmpdir(), "memoteca-error-contexts-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** An error-context.md as Playwright writes it beside a failed test's screenshot. */
function failedTest(name: string, snapshotLines: string[]) {
  mkdirSync(join(folder, name));
  const text = [
    "# Instructions",
    "- Following Playwright test failed.",
    "# Error details",
    "```",
    "Error: expect(locator).toBeVisible() failed",
    "```",
    "```yaml",
    ...snapshotLines,
    "```",
    "# Test source",
    "await expect(box).toBeVisible();",
  ].join("\n");
  writeFileSync(join(folder, name, "error-context.md"), text);
}

describe("the log's record of a failed browser test's page", () => {
  it("prints each failed test's page snapshot, without the error or the source, and cuts a long one", () => {
    failedTest("review-e-desktop", ['- heading "Revisão" [level=1]', '- button "Editar"']);
    failedTest(
      "wall-desktop",
      Array.from({ length: 130 }, (_, at) => `- article "Pensamento ${at}"`),
    );
    mkdirSync(join(folder, "passed-desktop"));
    const printed: string[] = [];
    printErrorContexts(folder, (text) => printed.push(text));

    expect(printed).toHaveLength(2);
    const review = printed.find((text) => text.includes("review-e-desktop")) ?? "";
    expect(review).toContain('- button "Editar"');
    expect(review).not.toContain("Instructions");
    expect(review).not.toContain("Error:");
    expect(review).not.toContain("Test source");
    const wall = printed.find((text) => text.includes("wall-desktop")) ?? "";
    expect(wall).toContain('- article "Pensamento 100"');
    expect(wall).not.toContain('- article "Pensamento 125"');
    expect(wall).toMatch(/… \(\d+ more lines in .*error-context\.md\)/);
  });

  it("prints nothing when there is no folder", () => {
    const printed: string[] = [];
    printErrorContexts(join(folder, "none"), (text) => printed.push(text));
    expect(printed).toEqual([]);
  });
});
