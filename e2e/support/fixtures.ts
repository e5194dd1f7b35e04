import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { openTestDatabase, type TestDatabase } from "./test-database";
import { startTestServer, type TestServer } from "./test-server";

/** The part of the DOM's Document.getAnimations used here (the e2e code is typed without the DOM's lib). */
interface AnimatedDocument {
  getAnimations(): {
    effect: { getTiming(): { iterations?: number } } | null;
    finished: Promise<unknown>;
  }[];
}

/**
 * Waits for the page's finite animations and transitions (not a spinner's endless one) to end: a dialog
 * fading in, or colours easing into another theme, have in-between colours that axe would read as too
 * little contrast.
 */
export async function finiteAnimationsEnded(page: Page): Promise<void> {
  await page.locator(":root").evaluate((root) =>
    Promise.all(
      (root.ownerDocument as unknown as AnimatedDocument)
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

interface WorkerFixtures {
  /** The worker's database, migrated once; each test's server starts on it as the migrations left it. */
  database: TestDatabase;
}

interface Fixtures {
  server: TestServer;
  /** Runs axe on the current page and fails with the list of violations, if any. */
  expectNoAxeViolations: () => Promise<void>;
}

/** Every test gets its own server on an empty database; baseURL points at it. */
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
  server: async ({ database }, use) => {
    const server = await startTestServer({ database });
    await use(server);
    await server.close();
  },
  // E2E_CPU_SLOWDOWN=10 runs every page with its CPU slowed so (Chromium's own throttling): a race between
  // a tap and the app's answers that a fast machine hides shows up here as on a loaded CI machine.
  page: async ({ page }, use) => {
    const slowdown = Number(process.env.E2E_CPU_SLOWDOWN ?? 1);
    if (slowdown > 1) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
    }
    await use(page);
  },
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  expectNoAxeViolations: async ({ page }, use) => {
    await use(async () => {
      await finiteAnimationsEnded(page);
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
        // axe.run in the page itself. The default runs axe in each frame, then opens a blank page to
        // gather the frames' results, for cross-origin frames the app does not have: a third more time
        // per pass (181 passes: 173 s of the suite's worker time against about 115).
        .setLegacyMode()
        .analyze();
      const summary = results.violations.map(
        (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
      );
      expect(summary, "axe violations").toEqual([]);
    });
  },
});

export { expect };
