import { existsSync } from "node:fs";

/** Debian's Chromium (never a downloaded browser): CHROMIUM_PATH, else /usr/bin/chromium. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  const candidate = env.CHROMIUM_PATH || "/usr/bin/chromium";
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
