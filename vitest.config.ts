import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const web = {
  environment: "jsdom",
  setupFiles: ["src/web/testing/setup-tests.ts"],
  css: { modules: { classNameStrategy: "non-scoped" as const } },
};
const moduleMocking = ["src/web/router-screens.test.tsx"];

// Server and domain code in Node; web components in jsdom. e2e/ belongs to Playwright.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "server",
          environment: "node",
          // Two files at a time even on a 2-core machine: much of these tests' time is spent waiting on
          // PostgreSQL, on the processes they start and on their timers, not on the CPU.
          maxWorkers: 2,
          include: [
            "src/server/**/*.test.ts",
            "src/domain/**/*.test.ts",
            "scripts/**/*.test.ts",
            "src/sw/**/*.test.ts",
          ],
          // PostgreSQL suites share one server; each test file still gets its own schema.
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        test: {
          ...web,
          name: "web",
          include: ["src/web/**/*.test.{ts,tsx}"],
          exclude: moduleMocking,
          // One jsdom per worker instead of one per file: setting up jsdom and the MSW double for each of
          // 33 files cost more than their tests. The setup file still runs before each file, and its
          // afterEach unmounts and resets the fake API, so no file sees another's screen or data.
          isolate: false,
        },
      },
      {
        plugins: [react()],
        // Files that replace modules (vi.mock) need a module registry of their own.
        test: { ...web, name: "web-isolated", include: moduleMocking },
      },
    ],
  },
});
