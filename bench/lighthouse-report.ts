import type { LighthouseRun, Opportunity } from "./lighthouse";

// Lighthouse mobile with its default throttling, on the wall with more than a page of thoughts.
export const LIGHTHOUSE_BUDGET = { performance: 98, lcpMs: 1_500, tbtMs: 50, cls: 0, accessibility: 100 };
const SHOWN_OPPORTUNITIES = 8;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
// Two significant digits: a shift of 0.0003 misses a budget of 0 and must not print as 0.000.
const shift = (cls: number) => String(Number(cls.toPrecision(2)));

/** The run whose performance score is the median one: its opportunities are the ones shown. */
function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  const run = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!run) throw new Error("no Lighthouse run to report");
  return run;
}

function savings(opportunity: Opportunity): string {
  const parts = Object.entries(opportunity.metricSavings)
    .filter(([, ms]) => ms > 0)
    .map(([metric, ms]) => `${metric} ${ms.toFixed(0)} ms`);
  if (parts.length === 0 && opportunity.ms > 0) parts.push(`${opportunity.ms.toFixed(0)} ms`);
  if (opportunity.bytes > 0) parts.push(`${(opportunity.bytes / 1000).toFixed(1)} KB`);
  return parts.join(", ");
}

/**
 * Prints the medians with their budgets, each run's figures and the costliest opportunities; returns the
 * Lighthouse budgets missed, one line each. `js` is the first visit's JS, gzip, measured beside it.
 */
export function reportLighthouse(
  runs: LighthouseRun[],
  js: { bytes: number; budget: number },
  thoughts: number,
): string[] {
  const first = runs[0];
  if (!first) throw new Error("no Lighthouse run to report");
  const b = LIGHTHOUSE_BUDGET;
  const performance = median(runs.map((r) => r.performance));
  const lcp = median(runs.map((r) => r.lcpMs));
  const tbt = median(runs.map((r) => r.tbtMs));
  const cls = median(runs.map((r) => r.cls));
  const accessibility = median(runs.map((r) => r.accessibility));
  const rows: [string, string, string, boolean][] = [
    ["performance score", performance.toFixed(0), `≥ ${b.performance}`, performance >= b.performance],
    ["largest contentful paint", seconds(lcp), `≤ ${seconds(b.lcpMs)}`, lcp <= b.lcpMs],
    ["total blocking time", `${tbt.toFixed(0)} ms`, `≤ ${b.tbtMs} ms`, tbt <= b.tbtMs],
    ["cumulative layout shift", shift(cls), `${b.cls}`, cls <= b.cls],
    ["accessibility score", accessibility.toFixed(0), `${b.accessibility}`, accessibility >= b.accessibility],
    [
      "first-visit JS (gzip)",
      `${(js.bytes / 1000).toFixed(1)} KB`,
      `≤ ${js.budget / 1000} KB`,
      js.bytes <= js.budget,
    ],
  ];
  const { throttling: t } = first;
  console.log(
    `\nLighthouse ${first.lighthouseVersion}, ${first.formFactor}, ${first.throttlingMethod} throttling ` +
      `(${t.rttMs} ms RTT, ${t.throughputKbps} kbit/s, CPU ${t.cpuSlowdownMultiplier}x), ${thoughts} thoughts, ` +
      `median of ${runs.length} runs:`,
  );
  console.log("| measure | value | budget | ok |\n|---|---|---|---|");
  for (const [name, value, budget, ok] of rows)
    console.log(`| ${name} | ${value} | ${budget} | ${ok ? "yes" : "NO"} |`);
  console.log(
    "\n| run | performance | FCP | LCP | TBT | CLS | speed index | accessibility | benchmarkIndex |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const [i, r] of runs.entries())
    console.log(
      `| ${i + 1} | ${r.performance} | ${seconds(r.fcpMs)} | ${seconds(r.lcpMs)} | ${r.tbtMs.toFixed(0)} ms | ` +
        `${shift(r.cls)} | ${seconds(r.speedIndexMs)} | ${r.accessibility} | ${r.benchmarkIndex.toFixed(0)} |`,
    );

  const chosen = medianRun(runs);
  console.log(`\nWhat Lighthouse says costs the most (run ${runs.indexOf(chosen) + 1}, the median score):`);
  console.log("| audit | estimated savings | Lighthouse says |\n|---|---|---|");
  for (const o of chosen.opportunities.slice(0, SHOWN_OPPORTUNITIES))
    console.log(`| ${o.title} (\`${o.id}\`) | ${savings(o) || "-"} | ${o.displayValue ?? ""} |`);
  if (chosen.opportunities.length === 0) console.log("| (none) | | |");
  if (chosen.uncompressed.length > 0)
    console.log(
      `\nSent without compression: ${chosen.uncompressed.map((r) => `${r.url} ${(r.bytes / 1000).toFixed(1)} KB`).join(", ")}`,
    );
  if (chosen.accessibilityFailures.length > 0)
    console.log(`\nAccessibility audits that fail: ${chosen.accessibilityFailures.join("; ")}`);

  // The JS figure is the first table's, whose failures its caller lists already.
  return rows
    .slice(0, -1)
    .filter(([, , , ok]) => !ok)
    .map(([name, value, budget]) => `Lighthouse ${name}: ${value} (budget ${budget})`);
}
