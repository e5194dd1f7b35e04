import { existsSync } from "node:fs";

/** Debian's headless shell: the same Chromium engine without the browser's window and UI processes. */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const BROWSER = "/usr/bin/chromium";

/**
 * Debian's Chromium, never a downloaded browser: CHROMIUM_PATH when set; else, for the tests, Debian's
 * headless shell when it is installed (apt-get install chromium-headless-shell): it is what Playwright
 * itself runs headless tests on, and it spent about a third less CPU per test than the full browser on the
 * 2-core CI machine, where the browser tests are bound by the CPU; else /usr/bin/chromium. The benchmarks
 * ask for the full browser (`headlessShell: false`), the one Lighthouse runs and people use.
 */
export function chromiumPath(
  env: NodeJS.ProcessEnv = process.env,
  { headlessShell = true }: { headlessShell?: boolean } = {},
): string {
  const candidate =
    env.CHROMIUM_PATH || (headlessShell && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : BROWSER);
  if (!existsSync(candidate)) {
    throw new Error(
      `Chromium not found at ${candidate}. Install it with "apt-get install chromium" or set CHROMIUM_PATH.`,
    );
  }
  return candidate;
}

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];
