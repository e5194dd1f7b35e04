import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./e2e/support/chromium";

// Each test starts its own server in the worker (e2e/support/fixtures.ts), so no webServer is needed.
export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    locale: "pt-BR",
    trace: "retain-on-failure",
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
  },
  projects: [{ name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } }],
});
