import type { BrowserContext, BrowserContextOptions, Page, PlaywrightTestOptions } from "@playwright/test";

/** The project's options that make a browser context (playwright.config.ts and the device it names). */
export function contextOptions(use: Partial<PlaywrightTestOptions>): BrowserContextOptions {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, locale, serviceWorkers } = use;
  return { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, locale, serviceWorkers };
}

/** Options a spec may change with test.use; a test that changed one gets a context of its own. */
type ContextChoices = Pick<PlaywrightTestOptions, "javaScriptEnabled" | "serviceWorkers">;

export function takesSharedContext(chosen: ContextChoices, project: Partial<PlaywrightTestOptions>): boolean {
  return chosen.javaScriptEnabled !== false && chosen.serviceWorkers === (project.serviceWorkers ?? "allow");
}

/**
 * Empties the worker's context for the next test, as a new one would be, except for the HTTP cache: cookies,
 * permissions, routes, offline mode, extra headers, and the origin's storage (local storage, IndexedDB,
 * Cache Storage), the last through the test's new page (the context's earlier pages are closed).
 */
export async function resetContext(context: BrowserContext, page: Page, origin: string): Promise<void> {
  await context.clearCookies();
  await context.clearPermissions();
  await context.unrouteAll({ behavior: "ignoreErrors" });
  await context.setOffline(false);
  await context.setExtraHTTPHeaders({});
  const cdp = await context.newCDPSession(page);
  await cdp.send("Storage.clearDataForOrigin", {
    origin: new URL(origin).origin,
    storageTypes: "local_storage,indexeddb,cache_storage,service_workers,websql,file_systems",
  });
  await cdp.detach();
}
