// Lighthouse on one URL, a few times, each in a fresh Chromium: prints one line of JSON with each run's
// figures and what Lighthouse says costs the most time. Runs under Node 24 (Lighthouse needs Node 22.19 or
// later); `bench/lighthouse.ts` starts it. Usage: node bench/lighthouse-run.mjs <url> [runs] [report folder]
// With a report folder, each run's full report is written there too (run-1.json, …), for Lighthouse's
// viewer or a closer look at an audit.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";

// Debian's Chromium, as the browser tests use it: never a downloaded browser.
const chromePath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const chromeFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * The audits of the performance category that estimate a saving (in time or bytes) and do not pass: what
 * Lighthouse lists under "Insights" and "Diagnostics", biggest first.
 */
function opportunities(lhr) {
  const found = [];
  for (const { id } of lhr.categories.performance.auditRefs) {
    const audit = lhr.audits[id];
    if (!audit || audit.score === null || audit.score >= 1) continue;
    const savings = audit.metricSavings ?? {};
    const details = audit.details ?? {};
    const ms = Math.max(0, details.overallSavingsMs ?? 0, ...Object.values(savings));
    const bytes = details.overallSavingsBytes ?? 0;
    if (ms === 0 && bytes === 0) continue;
    found.push({
      id,
      title: audit.title,
      ms,
      bytes,
      metricSavings: savings,
      displayValue: audit.displayValue,
    });
  }
  return found.sort((a, b) => b.ms - a.ms || b.bytes - a.bytes);
}

/**
 * Text the page downloaded without compression (what was sent is no smaller than the resource): Lighthouse
 * 13 only checks the document's compression, yet an uncompressed script costs the most on slow 4G.
 */
function uncompressed(lhr) {
  const text = /^(text\/|application\/(javascript|json)|image\/svg)/;
  return (lhr.audits["network-requests"]?.details?.items ?? [])
    .filter((r) => text.test(r.mimeType ?? "") && r.transferSize > 1_000 && r.transferSize >= r.resourceSize)
    .map((r) => ({ url: new URL(r.url).pathname, bytes: r.transferSize }))
    .sort((a, b) => b.bytes - a.bytes);
}

/** One Lighthouse run with its default settings (mobile, simulated slow 4G, 4x CPU slowdown). */
async function once(url, reportFile) {
  const chrome = await launch({ chromePath, chromeFlags, logLevel: "silent" });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (reportFile) writeFileSync(reportFile, JSON.stringify(lhr));
    if (lhr.runtimeError)
      throw new Error(`Lighthouse: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const numeric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      lighthouseVersion: lhr.lighthouseVersion,
      formFactor: lhr.configSettings.formFactor,
      throttlingMethod: lhr.configSettings.throttlingMethod,
      throttling: lhr.configSettings.throttling,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      fcpMs: numeric("first-contentful-paint"),
      lcpMs: numeric("largest-contentful-paint"),
      tbtMs: numeric("total-blocking-time"),
      cls: numeric("cumulative-layout-shift"),
      speedIndexMs: numeric("speed-index"),
      opportunities: opportunities(lhr),
      uncompressed: uncompressed(lhr),
      accessibilityFailures: lhr.categories.accessibility.auditRefs
        .map(({ id }) => lhr.audits[id])
        .filter((audit) => audit && audit.score !== null && audit.score < 1)
        .map((audit) => audit.title),
    };
  } finally {
    chrome.kill();
  }
}

const [url, runsArg = "3", reportDir] = process.argv.slice(2);
if (!url) {
  console.error("usage: node bench/lighthouse-run.mjs <url> [runs] [report folder]");
  process.exit(2);
}
if (reportDir) mkdirSync(reportDir, { recursive: true });
const runs = [];
for (let i = 1; i <= Number(runsArg); i++) {
  const run = await once(url, reportDir && join(reportDir, `run-${i}.json`));
  console.error(
    `Lighthouse run ${i} of ${runsArg}: performance ${run.performance}, LCP ${run.lcpMs.toFixed(0)} ms`,
  );
  runs.push(run);
}
console.log(JSON.stringify({ url, runs }));
