import type { Page } from "@playwright/test";
import type { Thought } from "../src/domain/contract";
import { thoughtInput } from "../test-support/thought-factory";
import { expect, test } from "./support/fixtures";

/**
 * The app's scripts held back until `release` is called: the server's HTML is on screen and nothing of the
 * app has run, as on a slow phone in the seconds before its script arrives.
 */
async function holdTheApp(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const heartOf = (page: Page, author: string) =>
  page.getByRole("article").filter({ hasText: author }).getByRole("button", { name: "Favorito" });

async function favoriteOnServer(page: Page, id: number): Promise<boolean> {
  return ((await (await page.request.get(`/api/pensamentos/${id}`)).json()) as Thought).favorito;
}

test("a heart clicked before the app has loaded fills once it has, and is saved", async ({
  page,
  server,
}) => {
  const [ana, bia] = await server.seed([thoughtInput({ autoria: "Ana" }), thoughtInput({ autoria: "Bia" })]);
  if (!ana || !bia) throw new Error("no thoughts");
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  const release = await holdTheApp(page);
  await page.goto("/listarPensamento", { waitUntil: "commit" });
  await heartOf(page, "Ana").click();
  await expect(heartOf(page, "Ana")).toHaveAttribute("aria-pressed", "false");
  release();

  await expect(heartOf(page, "Ana")).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => favoriteOnServer(page, ana.id)).toBe(true);
  // Only the tapped one; and a tap after the app has loaded is the app's alone (not counted twice).
  expect(await favoriteOnServer(page, bia.id)).toBe(false);
  await heartOf(page, "Bia").click();
  await expect(heartOf(page, "Bia")).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => favoriteOnServer(page, bia.id)).toBe(true);
  // No policy violation (the inline script is allowed by its hash) and no hydration mismatch.
  expect(problems).toEqual([]);
});

test("a reader who scrolls down the server's wall before the app has loaded stays there once it has, and 'Carregar mais' tapped there answers", async ({
  page,
  server,
}) => {
  await server.seed(
    Array.from({ length: 12 }, (_, i) =>
      thoughtInput({ autoria: `Autor ${i + 1}`, conteudo: "Uma ideia que ocupa algumas linhas. ".repeat(8) }),
    ),
  );
  const release = await holdTheApp(page);
  await page.goto("/listarPensamento", { waitUntil: "commit" });
  await expect(page.getByRole("article")).toHaveCount(6);
  const more = page.getByRole("button", { name: "Carregar mais" });
  await more.click();
  // The highest the page is scrolled to from here on (the new cards may take it further down, never up).
  const scrolled = await page.evaluate<number>(
    'window.highest = window.scrollY; addEventListener("scroll", () => { window.highest = Math.min(window.highest, window.scrollY); }); window.scrollY',
  );
  expect(scrolled).toBeGreaterThan(500);
  release();

  // The kept tap is given once the app has hydrated the page, after the router's first layout effects.
  await expect(page.getByRole("article")).toHaveCount(12);
  expect(await page.evaluate<number>("window.highest")).toBeGreaterThanOrEqual(scrolled);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("'Menu' tapped before the app has loaded opens at once, and stays open and said open once it has", async ({
    page,
    server,
  }) => {
    await server.seed([thoughtInput({ autoria: "Ana" })]);
    const release = await holdTheApp(page);
    await page.goto("/listarPensamento", { waitUntil: "commit" });
    const menu = page.getByRole("button", { name: "Menu" });
    await menu.tap();
    // The browser opens the popover by itself, with no script.
    await expect(page.getByRole("link", { name: "Lixeira" })).toBeVisible();
    release();
    // The app is in once it has taken the kept taps (main.tsx): the global is gone.
    // A function, not a string: the page's policy allows no eval.
    await page.waitForFunction(
      () => (globalThis as { memotecaEarlyTaps?: unknown }).memotecaEarlyTaps === undefined,
    );
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("link", { name: "Lixeira" })).toBeVisible();
  });

  test("a heart tapped twice before the app has loaded is tapped twice: it ends as it began", async ({
    page,
    server,
  }) => {
    const [ana] = await server.seed([thoughtInput({ autoria: "Ana" })]);
    if (!ana) throw new Error("no thought");
    const changes: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "PATCH") changes.push(request.postData() ?? "");
    });
    const release = await holdTheApp(page);
    await page.goto("/listarPensamento", { waitUntil: "commit" });
    await heartOf(page, "Ana").tap();
    await heartOf(page, "Ana").tap();
    release();

    // The app has loaded when the header's menu opens (a button the server's HTML cannot work alone).
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "true");
    // Filled, then emptied: two changes, in that order.
    await expect.poll(() => changes.map((body) => JSON.parse(body).favorito)).toEqual([true, false]);
    await expect.poll(() => favoriteOnServer(page, ana.id)).toBe(false);
    await expect(heartOf(page, "Ana")).toHaveAttribute("aria-pressed", "false");
  });
});
