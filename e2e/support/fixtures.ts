import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, test as base, expect } from "@playwright/test";
import { contextOptions, resetContext, takesSharedContext } from "./shared-context";
import { openTestDatabase, type TestDatabase } from "./test-database";
import { startTestServer, type TestServer } from "./test-server";

interface WorkerFixtures {
  /** The worker's database, migrated once; each test's server starts on it as the migrations left it. */
  database: TestDatabase;
  /**
   * The worker's one port: each test's server listens on it in turn, so the browser sees one origin for
   * the whole worker and keeps the built app's scripts in its cache from one test to the next.
   */
  workerPort: number;
  /** The worker's browser context on that origin, emptied between tests (see shared-context.ts). */
  sharedContext: BrowserContext;
}

interface Fixtures {
  /**
   * A browser context of the test's own, with an empty cache: for a spec about what the browser fetches
   * (`test.use({ ownContext: true })`), which a cache warmed by the worker's earlier tests would answer.
   */
  ownContext: boolean;
  server: TestServer;
  /** Runs axe on the current page and fails with the list of violations, if any. */
  expectNoAxeViolations: () => Promise<void>;
}

/**
 * Every test gets its own server (a new app on an empty database) and its own page. The browser context is
 * the worker's, emptied of cookies, storage and permissions, unless the test asks for other context
 * options (JavaScript off, service workers allowed): opening a context and compiling the app's scripts
 * afresh cost about a second a test on this 2-core machine, more under load.
 */
export const test = base.extend<Fixtures, WorkerFixtures>({
  database: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture dependencies from this pattern.
    async ({}, use) => {
      const database = await openTestDatabase();
      await use(database);
      await database.close();
    },
    { scope: "worker" },
  ],
  workerPort: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture dependencies from this pattern.
    async ({}, use) => {
      const probe = await startTestServer();
      const { port } = new URL(probe.url);
      await probe.close();
      await use(Number(port));
    },
    { scope: "worker" },
  ],
  sharedContext: [
    async ({ browser, workerPort }, use, workerInfo) => {
      const context = await browser.newContext({
        ...contextOptions(workerInfo.project.use),
        baseURL: `http://127.0.0.1:${workerPort}`,
      });
      await use(context);
      await context.close();
    },
    { scope: "worker" },
  ],
  ownContext: [false, { option: true }],
  server: async ({ database, workerPort }, use) => {
    const server = await startTestServer({ database, port: workerPort });
    await use(server);
    await server.close();
  },
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  context: async (
    { browser, sharedContext, workerPort, server, ownContext, javaScriptEnabled, serviceWorkers },
    use,
    testInfo,
  ) => {
    const onWorkerOrigin = new URL(server.url).port === String(workerPort);
    if (
      !ownContext &&
      onWorkerOrigin &&
      takesSharedContext({ javaScriptEnabled, serviceWorkers }, testInfo.project.use)
    ) {
      await use(sharedContext);
      return;
    }
    const context = await browser.newContext({
      ...contextOptions(testInfo.project.use),
      javaScriptEnabled,
      serviceWorkers,
      baseURL: server.url,
    });
    await use(context);
    await context.close();
  },
  page: async ({ context, sharedContext, server }, use, testInfo) => {
    const page = await context.newPage();
    if (context === sharedContext) await resetContext(context, page, server.url);
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus && !page.isClosed()) {
      // Playwright's own screenshot on failure covers the pages of the contexts it opens, not ours.
      await testInfo.attach("screenshot", { body: await page.screenshot(), contentType: "image/png" });
    }
    await page.close();
  },
  expectNoAxeViolations: async ({ page }, use) => {
    await use(async () => {
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
        .analyze();
      const summary = results.violations.map(
        (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
      );
      expect(summary, "axe violations").toEqual([]);
    });
  },
});

export { expect };
