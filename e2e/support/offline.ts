import { type BrowserContext, expect, type Page } from "@playwright/test";
import { API_CACHE, PAGES_CACHE } from "../../src/domain/offline-contract";

// What runs in the page is given as source text: the e2e code is typed for Node, without the DOM's types.

/** Waits until the app's service worker, registered after the page's load, controls the page. */
export async function waitUntilControlled(page: Page): Promise<void> {
  // Polled from here: waitForFunction would eval its text inside the page, which the strict policy forbids.
  await expect
    .poll(() => page.evaluate<boolean>("navigator.serviceWorker.controller !== null"), { timeout: 20_000 })
    .toBe(true);
}

/**
 * The wall seen once under the service worker's control: the first visit installs it, the reload goes
 * through it. The server renders the wall's cards into that page (its first page makes no API call), so
 * what the worker keeps for offline reading is the page itself, in its pages cache.
 */
export async function seeWallUnderWorker(page: Page): Promise<void> {
  await page.goto("/listarPensamento");
  await waitUntilControlled(page);
  await page.reload();
  await expect(page.getByRole("article").first()).toBeVisible();
  await expect.poll(() => cachedPageUrls(page)).toContain("/listarPensamento");
}

/**
 * Lets a later comeBackUnannounced hide the connection's return from the app: a listener that runs before
 * the app's own (the browser calls a target's listeners in the order they were added, so it must come
 * first, before the page's scripts) and stops the 'online' event once told to. Call before the page loads.
 */
export async function allowQuietReturn(page: Page): Promise<void> {
  await page.addInitScript(`window.addEventListener("online", (event) => {
    if (window.__quietReturn) event.stopImmediatePropagation();
  })`);
}

/**
 * Gives the browser its connection back without telling the app (see allowQuietReturn): as when a network
 * returns quietly, what the app shows then stays until the user asks again ('Tentar de novo').
 */
export async function comeBackUnannounced(context: BrowserContext, page: Page): Promise<void> {
  await page.evaluate("window.__quietReturn = true");
  await context.setOffline(false);
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
