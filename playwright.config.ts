import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./e2e/support/chromium";

// Each test starts its own server in the worker (e2e/support/fixtures.ts), so no webServer is needed.
export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: process.env.CI ? 3 : undefined,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  // A 2-core CI machine runs two browsers, two servers and, in the offline specs, service workers
  // precaching the build: a lazy screen can take several seconds to arrive there.
  timeout: 45_000,
  expect: { timeout: 10_000 },
  use: {
    locale: "pt-BR",
    // A service worker would answer from its caches and outlive a test's page; only the offline specs,
    // which are about it, allow one (test.use there).
    serviceWorkers: "block",
    // A trace recorded for every test (to keep those that fail) cost about a quarter of the suite's CPU
    // time here. A failure still leaves its error, the page's accessibility snapshot and a screenshot;
    // `npx playwright test <spec> --trace on` records one when a failure needs more.
    screenshot: "only-on-failure",
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
  },
  projects: [{ name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } }],
});
