import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

/** 3,000 characters: about 2,600px of text on a phone, were it not cut. */
const LONG = "Ontem à noite, olhando o mar, pensei em tudo o que deixei para depois. "
  .repeat(43)
  .slice(0, 3000);

/** Whichever the day's thought is (a figure, above), the wall's card of the long one is its article. */
const thoughts = [
  { conteudo: LONG, autoria: "Diário de bordo", modelo: "modelo2" as const },
  { conteudo: "Curto e bom.", autoria: "Texto curto", modelo: "modelo3" as const },
];

const longCard = (page: Page) => page.getByRole("article", { name: "Pensamento de Diário de bordo" });
const textOf = (card: Locator) => card.getByText("Ontem à noite", { exact: false });

// The page's own function, called inside the page below (the e2e code compiles without the DOM's types).
declare const getComputedStyle: (node: unknown) => { lineHeight: string };

/** How many lines of the text are shown. */
async function linesShown(card: Locator): Promise<number> {
  const text = textOf(card);
  const height = (await text.boundingBox())?.height ?? 0;
  return Math.round(
    height / (await text.evaluate((node) => Number.parseFloat(getComputedStyle(node).lineHeight))),
  );
}

/**
 * The layout shifts the page has had, as the browser counts them for CLS (none that followed the user's
 * input). An observer is called only when there are some: without a call by the next frames, there were none.
 */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate<number>(`new Promise((resolve) => {
    new PerformanceObserver((list) => {
      const shifts = list.getEntries().filter((entry) => !entry.hadRecentInput);
      resolve(shifts.reduce((sum, entry) => sum + entry.value, 0));
    }).observe({ type: "layout-shift", buffered: true });
    requestAnimationFrame(() => setTimeout(() => resolve(0), 100));
  })`);
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("a user taps 'Ver mais' on a long thought to read it whole in place, and 'Ver menos' to cut it again", async ({
    page,
    server,
    expectNoAxeViolations,
  }) => {
    await server.seed(thoughts);
    await page.goto("/listarPensamento");
    const card = longCard(page);
    const more = card.getByRole("button", { name: "Ver mais" });
    await expect(more).toHaveAttribute("aria-expanded", "false");
    expect(await linesShown(card)).toBe(12);
    // The short card has nothing more to show.
    const short = page.getByRole("article", { name: "Pensamento de Texto curto" });
    await expect(short.getByRole("button", { name: "Ver mais" })).toHaveCount(0);
    // The cut was there from the first paint: the button appeared without moving anything.
    expect(await layoutShift(page)).toBe(0);

    await more.scrollIntoViewIfNeeded();
    await more.tap();
    const less = card.getByRole("button", { name: "Ver menos" });
    await expect(less).toHaveAttribute("aria-expanded", "true");
    expect(await linesShown(card)).toBeGreaterThan(60);
    await expectNoAxeViolations();

    await less.scrollIntoViewIfNeeded();
    await less.tap();
    await expect(more).toHaveAttribute("aria-expanded", "false");
    expect(await linesShown(card)).toBe(12);
    // Cut again, the button is still where the user's finger is: in sight.
    await expect(more).toBeInViewport();
  });

  test("the server's page already cuts a long thought, before any script runs", async ({
    browser,
    server,
  }) => {
    await server.seed(thoughts);
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/listarPensamento`);
    expect(await linesShown(longCard(page))).toBe(12);
    await context.close();
  });
});

test("a user clicks 'Ver mais' and 'Ver menos' on a long thought, also cut at 12 lines on a wide screen", async ({
  page,
  server,
}) => {
  await server.seed(thoughts);
  await page.goto("/listarPensamento");
  const card = longCard(page);
  expect(await linesShown(card)).toBe(12);
  await card.getByRole("button", { name: "Ver mais" }).click();
  await expect(card.getByRole("button", { name: "Ver menos" })).toHaveAttribute("aria-expanded", "true");
  expect(await linesShown(card)).toBeGreaterThan(30);
  await card.getByRole("button", { name: "Ver menos" }).click();
  await expect(card.getByRole("button", { name: "Ver mais" })).toHaveAttribute("aria-expanded", "false");
  expect(await linesShown(card)).toBe(12);
});

test("a keyboard user opens and cuts a long thought with Enter and Space on 'Ver mais'", async ({
  page,
  server,
}) => {
  await server.seed(thoughts);
  await page.goto("/listarPensamento");
  const card = longCard(page);
  // In the card's order: its text and 'Ver mais' come before its author and its buttons.
  await card.getByRole("button", { name: "Ver mais" }).focus();
  await page.keyboard.press("Tab");
  await expect(card.getByRole("link", { name: "Ver pensamentos de Diário de bordo" })).toBeFocused();
  await page.keyboard.press("Shift+Tab");

  await page.keyboard.press("Enter");
  const less = card.getByRole("button", { name: "Ver menos" });
  await expect(less).toBeFocused();
  await expect(less).toHaveAttribute("aria-expanded", "true");
  expect(await linesShown(card)).toBeGreaterThan(30);
  await page.keyboard.press("Space");
  await expect(card.getByRole("button", { name: "Ver mais" })).toBeFocused();
  expect(await linesShown(card)).toBe(12);
});
