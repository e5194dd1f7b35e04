/**
 * The end of a benchmark: what is outside its budgets, listed, and a failing exit code; or the one line
 * saying everything is within them.
 */
export function reportBudgets(failures: readonly string[], allWithin: string): void {
  if (failures.length > 0) {
    console.log(`\nOutside the budgets:\n${failures.map((f) => `- ${f}`).join("\n")}`);
    process.exitCode = 1;
  } else {
    console.log(`\n${allWithin}`);
  }
}
