// Lighthouse on a few pages, a few rounds, each run in a fresh Chromium: prints one line of JSON with each
// page's runs (their figures and what Lighthouse says costs the most time). Runs under Node 24 (Lighthouse
// needs Node 22.19 or later); `bench/lighthouse.ts` starts it.
// Usage: node bench/lighthouse-run.mjs <runs> <report folder, or -> <name>=<url> [<name>=<url> …]
// With a report folder, each run's full report is written there too (<name>-<round>.json), for Lighthouse's
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

/**
 * What had arrived before the paint Lighthouse observed in its fast load: its simulation (Lantern) replays
 * those requests on slow 4G and counts them in the LCP, so whether the fonts made it in time moves a page's
 * figure by half a second. Undefined when the report lacks the timings.
 */
function arrivedBeforePaint(lhr) {
  const requests = lhr.audits["network-requests"]?.details;
  const paintTs = lhr.audits.metrics?.details?.items?.[0]?.observedLargestContentfulPaintTs;
  const startTs = requests?.debugData?.networkStartTimeTs;
  if (!requests?.items || paintTs === undefined || startTs === undefined) return undefined;
  // The requests' times are in ms from the first request; the paint's is an absolute trace time in µs.
  const ended = (item) => startTs / 1000 + item.networkEndTime <= paintTs / 1000;
  const fonts = requests.items.filter((item) => item.resourceType === "Font");
  const scripts = requests.items.filter((item) => item.resourceType === "Script" && ended(item));
  return {
    fonts: fonts.filter(ended).length,
    fontsOf: fonts.length,
    scriptBytes: scripts.reduce((sum, item) => sum + item.transferSize, 0),
  };
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
      arrivedBeforePaint: arrivedBeforePaint(lhr),
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

/**
 * Lighthouse's own advice for a trace it could not read (NO_NAVSTART, now and then on this machine): run
 * again. Up to two more times, said on stderr; any other error ends the bench as before.
 */
async function onceAgainIfAsked(url, reportFile) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await once(url, reportFile);
    } catch (error) {
      if (attempt === 3 || !String(error).includes("NO_NAVSTART")) throw error;
      console.error(`Lighthouse asked to run again (NO_NAVSTART) on ${url}: attempt ${attempt + 1} of 3`);
    }
  }
}

const [runsArg, reportArg, ...pageArgs] = process.argv.slice(2);
const pages = pageArgs.map((arg) => {
  const at = arg.indexOf("=");
  return { name: arg.slice(0, at), url: arg.slice(at + 1) };
});
if (!runsArg || !reportArg || pages.length === 0 || pages.some((p) => !p.name || !p.url)) {
  console.error(
    "usage: node bench/lighthouse-run.mjs <runs> <report folder, or -> <name>=<url> [<name>=<url> …]",
  );
  process.exit(2);
}
const reportDir = reportArg === "-" ? undefined : reportArg;
if (reportDir) mkdirSync(reportDir, { recursive: true });
// Round after round, each page once per round: a machine that slows down or speeds up during the runs
// weighs on every page alike, so the pages can be compared with one another.
const results = Object.fromEntries(pages.map(({ name }) => [name, []]));
for (let round = 1; round <= Number(runsArg); round++) {
  for (const { name, url } of pages) {
    const run = await onceAgainIfAsked(url, reportDir && join(reportDir, `${name}-${round}.json`));
    console.error(
      `Lighthouse round ${round} of ${runsArg}, ${name}: performance ${run.performance}, LCP ${run.lcpMs.toFixed(0)} ms, TBT ${run.tbtMs.toFixed(0)} ms`,
    );
    results[name].push(run);
  }
}
console.log(JSON.stringify({ pages: results }));
