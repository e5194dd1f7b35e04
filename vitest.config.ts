import react from "@vitejs/plugin-react";
import { configDefaults, defineConfig } from "vitest/config";
import { chosenDialects } from "./test-support/server/test-dialects.ts";

const web = {
  environment: "jsdom",
  sequence: { groupOrder: 1 },
  setupFiles: ["src/web/testing/setup-tests.ts"],
  css: { modules: { classNameStrategy: "non-scoped" as const } },
};
const node = {
  environment: "node",
  // The Node-side projects run first, as one group, the web's after them.
  sequence: { groupOrder: 0 },
  // PostgreSQL suites share one server; each test file still gets its own schema.
  testTimeout: 20_000,
  hookTimeout: 30_000,
};
/**
 * Found by their names, wherever they live: a test that starts the server, a script or a second writer in a
 * process of its own is named `*.process.test.ts`; a web test that replaces modules (`vi.mock`) is named
 * `*.isolated.test.tsx`.
 */
const startsProcesses = "**/*.process.test.ts";
const replacesModules = "src/web/**/*.isolated.test.{ts,tsx}";
/** The files of PostgreSQL's suites alone: left out when TEST_DIALECTS leaves PostgreSQL out. */
const postgresAlone = chosenDialects().includes("postgres") ? [] : ["**/*.postgres.test.ts"];

// Server and domain code in Node; web components in jsdom. e2e/ belongs to Playwright.
export default defineConfig({
  test: {
    // Two files at a time even on a 2-core machine: much of the Node-side tests' time is spent waiting on
    // PostgreSQL, on the processes they start and on their timers, not on the CPU. Three kept the CPU busier
    // (160 → 139 s alone) but, with the container's build beside them, made PostgreSQL's HOT test fail in two
    // runs of three. The same count for each group of projects.
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...node,
          name: "server",
          include: [
            "src/server/**/*.test.ts",
            "src/domain/**/*.test.ts",
            "scripts/**/*.test.ts",
            "src/sw/**/*.test.ts",
            "test-support/**/*.test.ts",
          ],
          exclude: [...configDefaults.exclude, startsProcesses, ...postgresAlone],
          // One module registry per worker instead of one per file: importing Fastify, Kysely and Zod again for
          // each file cost more than their tests (76 s → 47 s for the project's 58 files when it was measured).
          // No file here replaces a module or the environment; each opens its own database and app.
          isolate: false,
        },
      },
      {
        // Not in `npm run test:quick`: these start servers, scripts and second writers as processes.
        test: {
          ...node,
          name: "processes",
          include: [startsProcesses],
          // Each test starts servers or scripts (and scrypt runs at full cost in some): allow a busy machine.
          testTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          ...web,
          name: "web",
          include: ["src/web/**/*.test.{ts,tsx}"],
          exclude: [...configDefaults.exclude, startsProcesses, replacesModules],
          // One jsdom per worker instead of one per file: setting up jsdom and the MSW double for each
          // file cost more than their tests. The setup file still runs before each file, and its
          // afterEach unmounts and resets the fake API, so no file sees another's screen or data.
          isolate: false,
        },
      },
      {
        plugins: [react()],
        // Files that replace modules (vi.mock) need a module registry of their own.
        test: { ...web, name: "web-isolated", include: [replacesModules] },
      },
    ],
  },
});
