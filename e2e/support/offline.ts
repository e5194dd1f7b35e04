import { expect, type Page } from "@playwright/test";
import { API_CACHE, PAGES_CACHE } from "../../src/web/offline/cache-names";

// What runs in the page is given as source text: the e2e code is typed for Node, without the DOM's types.

/** Waits until the app's service worker, registered after the page's load, controls the page. */
export async function waitUntilControlled(page: Page): Promise<void> {
  // Polled from here: waitForFunction would eval its text inside the page, which the strict policy forbids.
  await expect
    .poll(() => page.evaluate<boolean>("navigator.serviceWorker.controller !== null"), { timeout: 20_000 })
    .toBe(true);
}

/** The paths (with their query) of what the service worker kept in a cache (none when it does not exist). */
function cachedUrls(page: Page, cacheName: string): Promise<string[]> {
  return page.evaluate<string[]>(`(async (name) => {
    if (!(await caches.has(name))) return [];
    const cache = await caches.open(name);
    return (await cache.keys()).map((request) => {
      const url = new URL(request.url);
      return url.pathname + url.search;
    });
  })(${JSON.stringify(cacheName)})`);
}

/** What the service worker kept of the API's answers. */
export function cachedApiUrls(page: Page): Promise<string[]> {
  return cachedUrls(page, API_CACHE);
}

/** The pages (navigations) the service worker kept: the server-rendered wall among them. */
export function cachedPageUrls(page: Page): Promise<string[]> {
  return cachedUrls(page, PAGES_CACHE);
}

/** The worker that controls the page: its script's path, and its registration's scope path. */
export function controllingWorker(
  page: Page,
): Promise<{ script?: string; scope?: string; waiting: boolean }> {
  return page.evaluate(`(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const script = navigator.serviceWorker.controller?.scriptURL;
    return {
      script: script && new URL(script).pathname,
      scope: registration && new URL(registration.scope).pathname,
      waiting: Boolean(registration?.waiting),
    };
  })()`);
}
