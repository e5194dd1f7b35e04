import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Lines of one page's snapshot shown in the log: enough for a screen, not a whole wall of cards. */
const MOST_LINES = 120;

/**
 * Prints what the page showed when each browser test failed (Playwright's error-context.md: the page's
 * accessibility snapshot), from `folder`. A CI log is often all that is kept of a failed run, and the next
 * Playwright step empties test-results/, screenshots included: this is the one record of the screen.
 */
export function printErrorContexts(folder = "test-results", print = console.log) {
  if (!existsSync(folder)) return;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const file = join(folder, entry.name, "error-context.md");
    if (!entry.isDirectory() || !existsSync(file)) continue;
    // The page's snapshot alone: the error itself is in the reporter's output already.
    const text = readFileSync(file, "utf8");
    const from = text.indexOf("```yaml");
    const to = text.indexOf("# Test source");
    const lines = text
      .slice(Math.max(0, from), to > from ? to : undefined)
      .trimEnd()
      .split("\n");
    const shown = lines.slice(0, MOST_LINES);
    if (lines.length > MOST_LINES) shown.push(`… (${lines.length - MOST_LINES} more lines in ${file})`);
    print(`\n--- the page when ${entry.name} failed ---\n${shown.join("\n")}`);
  }
}
