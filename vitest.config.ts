import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// Two projects: server and domain code in Node, web components in jsdom. e2e/ belongs to Playwright.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "server",
          environment: "node",
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
          name: "web",
          environment: "jsdom",
          include: ["src/web/**/*.test.{ts,tsx}"],
          setupFiles: ["src/web/testing/setup-tests.ts"],
          css: { modules: { classNameStrategy: "non-scoped" } },
        },
      },
    ],
  },
});
