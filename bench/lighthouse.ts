import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** One run's figures as bench/lighthouse-run.mjs prints them. */
export interface LighthouseRun {
  lighthouseVersion: string;
  formFactor: string;
  throttlingMethod: string;
  throttling: { rttMs: number; throughputKbps: number; cpuSlowdownMultiplier: number };
  benchmarkIndex: number;
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Fonts and script bytes (as sent) whose requests had ended before the paint observed in the fast load. */
  arrivedBeforePaint?: { fonts: number; fontsOf: number; scriptBytes: number };
  opportunities: Opportunity[];
  /** Text resources sent without compression, biggest first (path and bytes sent). */
  uncompressed: { url: string; bytes: number }[];
  accessibilityFailures: string[];
}

/** An audit that does not pass and estimates what fixing it would save. */
export interface Opportunity {
  id: string;
  title: string;
  /** The largest of its estimated savings, in ms of any metric. */
  ms: number;
  bytes: number;
  metricSavings: Record<string, number>;
  displayValue?: string;
}

const runner = fileURLToPath(new URL("./lighthouse-run.mjs", import.meta.url));
// Nine runs take about three minutes here; a hung Chromium must not hold the benchmark for ever.
const TIMEOUT_MS = 12 * 60_000;

/** Each page's runs, by the name it was given. */
export type LighthouseRuns<Name extends string> = Record<Name, LighthouseRun[]>;

/**
 * How to run Lighthouse in a process of its own, on the Node running the benchmark (the project's pinned
 * Node 24 under npm run bench; Lighthouse needs 22.19 or later): `runs` rounds over the pages, alternating.
 */
export function lighthouseRunner(): <Name extends string>(
  pages: Record<Name, string>,
  runs: number,
  reportDir: string,
) => Promise<LighthouseRuns<Name>> {
  const node = process.execPath;
  // Asynchronous on purpose: the server being measured answers from this very process.
  return <Name extends string>(pages: Record<Name, string>, runs: number, reportDir: string) =>
    new Promise<LighthouseRuns<Name>>((resolve, reject) => {
      const pageArgs = Object.entries<string>(pages).map(([name, url]) => `${name}=${url}`);
      const child = spawn(node, [runner, String(runs), reportDir, ...pageArgs], {
        stdio: ["ignore", "pipe", "inherit"],
      });
      const timer = setTimeout(() => child.kill("SIGTERM"), TIMEOUT_MS);
      let out = "";
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        out += chunk;
      });
      child.on("error", reject);
      child.on("close", (code, signal) => {
        clearTimeout(timer);
        if (code !== 0) return reject(new Error(`${runner} exited with ${code ?? signal}`));
        // Lighthouse logs to stderr; the script's last stdout line is its JSON.
        const last = out.trim().split("\n").at(-1) ?? "";
        resolve((JSON.parse(last) as { pages: LighthouseRuns<Name> }).pages);
      });
    });
}
