import type { LighthouseRun, Opportunity } from "./lighthouse";

// Lighthouse mobile with its default throttling, on the wall with more than a page of thoughts, against what
// React and its router cost on the same page (the React floor, see web-floors.ts), measured in the same run: the wall
// may score at most 2 points under the floor and add at most 75 ms of blocking time and 0.2 s of LCP to it.
export const LIGHTHOUSE_BUDGET = {
  performanceBelowFloor: 2,
  tbtOverFloorMs: 75,
  lcpOverFloorMs: 200,
  cls: 0,
  accessibility: 100,
};
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

/** The fonts and script the simulation counted in a round's LCP: they had arrived before the paint it saw. */
function arrived(run: LighthouseRun): string {
  const before = run.arrivedBeforePaint;
  if (!before) return "-";
  return `fonts ${before.fonts} of ${before.fontsOf}, JS ${(before.scriptBytes / 1000).toFixed(0)} KB`;
}

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

/** The three pages Lighthouse runs on, in turn. */
export interface LighthousePages<T> {
  wall: T;
  reactFloor: T;
  htmlFloor: T;
}

const PAGE_NAMES: LighthousePages<string> = {
  wall: "wall",
  reactFloor: "React floor",
  htmlFloor: "HTML floor",
};

interface Medians {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  accessibility: number;
}

function medians(runs: LighthouseRun[]): Medians {
  return {
    performance: median(runs.map((r) => r.performance)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    cls: median(runs.map((r) => r.cls)),
    accessibility: median(runs.map((r) => r.accessibility)),
  };
}

/**
 * Prints the three pages' medians side by side with the wall's budgets, each run's figures and the wall's
 * costliest opportunities; returns the Lighthouse budgets missed, one line each. `js` is the first visit's
 * JS, gzip, measured beside it.
 */
export function reportLighthouse(
  pages: LighthousePages<LighthouseRun[]>,
  js: { bytes: number; budget: number },
  thoughts: number,
): string[] {
  const first = pages.wall[0];
  if (!first) throw new Error("no Lighthouse run to report");
  const b = LIGHTHOUSE_BUDGET;
  const wall = medians(pages.wall);
  const react = medians(pages.reactFloor);
  const html = medians(pages.htmlFloor);
  const row = (
    name: string,
    show: (m: Medians) => string,
    budget: string,
    ok: boolean,
  ): [string, string, string, string, string, boolean] => [
    name,
    show(wall),
    show(react),
    show(html),
    budget,
    ok,
  ];
  const rows = [
    row(
      "performance score",
      (m) => m.performance.toFixed(0),
      `≥ ${react.performance - b.performanceBelowFloor} (React floor − ${b.performanceBelowFloor})`,
      wall.performance >= react.performance - b.performanceBelowFloor,
    ),
    row(
      "total blocking time",
      (m) => `${m.tbtMs.toFixed(0)} ms`,
      `≤ ${(react.tbtMs + b.tbtOverFloorMs).toFixed(0)} ms (React floor + ${b.tbtOverFloorMs} ms)`,
      wall.tbtMs <= react.tbtMs + b.tbtOverFloorMs,
    ),
    row(
      "largest contentful paint",
      (m) => seconds(m.lcpMs),
      `≤ ${seconds(react.lcpMs + b.lcpOverFloorMs)} (React floor + ${seconds(b.lcpOverFloorMs)})`,
      wall.lcpMs <= react.lcpMs + b.lcpOverFloorMs,
    ),
    row("cumulative layout shift", (m) => shift(m.cls), `${b.cls}`, wall.cls <= b.cls),
    row(
      "accessibility score",
      (m) => m.accessibility.toFixed(0),
      `${b.accessibility}`,
      wall.accessibility >= b.accessibility,
    ),
  ];
  const { throttling: t } = first;
  console.log(
    `\nLighthouse ${first.lighthouseVersion}, ${first.formFactor}, ${first.throttlingMethod} throttling ` +
      `(${t.rttMs} ms RTT, ${t.throughputKbps} kbit/s, CPU ${t.cpuSlowdownMultiplier}x), ${thoughts} thoughts, ` +
      `median of ${pages.wall.length} alternating rounds; the floors are the wall's own HTML and headers with React ` +
      "DOM and React Router's data router hydrating one route, and with no script at all:",
  );
  console.log(
    "| measure | wall | React floor | HTML floor | budget (wall) | ok |\n|---|---:|---:|---:|---|---|",
  );
  for (const [name, w, r, h, budget, ok] of rows)
    console.log(`| ${name} | ${w} | ${r} | ${h} | ${budget} | ${ok ? "yes" : "NO"} |`);
  const jsOk = js.bytes <= js.budget;
  console.log(
    `| first-visit JS (gzip) | ${(js.bytes / 1000).toFixed(1)} KB | | | ≤ ${js.budget / 1000} KB | ${jsOk ? "yes" : "NO"} |`,
  );

  console.log(
    "\n| page | round | performance | FCP | LCP | TBT | CLS | speed index | accessibility | benchmarkIndex | " +
      "arrived before the observed paint |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|");
  for (const key of ["wall", "reactFloor", "htmlFloor"] as const)
    for (const [i, r] of pages[key].entries())
      console.log(
        `| ${PAGE_NAMES[key]} | ${i + 1} | ${r.performance} | ${seconds(r.fcpMs)} | ${seconds(r.lcpMs)} | ` +
          `${r.tbtMs.toFixed(0)} ms | ${shift(r.cls)} | ${seconds(r.speedIndexMs)} | ${r.accessibility} | ` +
          `${r.benchmarkIndex.toFixed(0)} | ${arrived(r)} |`,
      );

  const chosen = medianRun(pages.wall);
  console.log(
    `\nWhat Lighthouse says costs the wall the most (round ${pages.wall.indexOf(chosen) + 1}, the median score):`,
  );
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
    .filter(([, , , , , ok]) => !ok)
    .map(([name, value, , , budget]) => `Lighthouse ${name}: ${value} (budget ${budget})`);
}
