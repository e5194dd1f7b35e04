import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

const PASSWORD = "uma senha só nossa";
const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

/** Long enough to pass the day's four lines and the wall's twelve on a phone, whichever the day picks. */
const longThoughts = ["Ana", "Bia", "Caio", "Davi", "Eva", "Fábio", "Gil"].map((autoria, index) => ({
  conteudo: `${index + 1}. Ontem à noite, olhando o mar, pensei em tudo o que deixei para depois. `.repeat(
    12,
  ),
  autoria,
}));

const daySection = (page: Page) => page.getByRole("region", { name: "Pensamento do dia" });
const menuButton = (page: Page) => page.getByRole("button", { name: "Menu" });

// The page's own function, called inside the page below (the e2e code compiles without the DOM's types).
declare const getComputedStyle: (node: unknown) => { lineHeight: string };

const lineHeightOf = (text: Locator) =>
  text.evaluate((node) => Number.parseFloat(getComputedStyle(node).lineHeight));

/** The first thought of the wall's list (the day's is a figure, apart), and its text's box. */
async function firstCardText(page: Page): Promise<{ top: number; lineHeight: number }> {
  const text = page.getByRole("article").first().getByText("Ontem à noite", { exact: false });
  const box = await text.boundingBox();
  const lineHeight = await lineHeightOf(text);
  return { top: box?.y ?? Number.POSITIVE_INFINITY, lineHeight };
}

/** Inside the first screen, whole: what the user sees before scrolling. */
async function onFirstScreen(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  return box !== null && box.y >= 0 && box.y + box.height <= PHONE.height;
}

test("a user opening the wall on a phone reads the first thought without scrolling, the day's cut short above it", {
  tag: "@storage",
}, async ({ page, server, expectNoAxeViolations }) => {
  await server.seed(longThoughts);
  await page.goto("/listarPensamento");
  await expect(page.getByRole("article")).toHaveCount(6);
  await expect(daySection(page).getByRole("figure")).toContainText("Ontem à noite");

  // The first card's first two lines are on the first screen, under the day's thought.
  const first = await firstCardText(page);
  expect(first.top + 2 * first.lineHeight).toBeLessThanOrEqual(PHONE.height);
  // The day's thought shows four lines and offers the rest.
  const dayText = daySection(page).getByText("Ontem à noite", { exact: false });
  const dayHeight = (await dayText.boundingBox())?.height ?? 0;
  const lineHeight = await lineHeightOf(dayText);
  expect(dayHeight).toBeLessThanOrEqual(4 * lineHeight + 1);
  await expect(daySection(page).getByRole("button", { name: "Ver mais" })).toBeVisible();
  // The actions are one row, 'Novo pensamento' among them, all on the first screen.
  for (const action of [
    page.getByRole("button", { name: "Meu Mural" }),
    page.getByRole("button", { name: "Meus favoritos" }),
    page.getByRole("button", { name: "Surpreenda-me" }),
    page.getByRole("link", { name: "Novo pensamento" }),
  ]) {
    expect(await onFirstScreen(action)).toBe(true);
  }
  const rowTops = await Promise.all(
    [
      page.getByRole("button", { name: "Meu Mural" }),
      page.getByRole("link", { name: "Novo pensamento" }),
    ].map(async (action) => (await action.boundingBox())?.y ?? -1),
  );
  expect(Math.abs((rowTops[0] ?? 0) - (rowTops[1] ?? 100))).toBeLessThan(8);
  expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(
    PHONE.width,
  );
  await expectNoAxeViolations();
});

test("a user with a password reads the first thought on the first screen too, 'Sair' in the menu", {
  tag: "@storage",
}, async ({ page, server, expectNoAxeViolations }) => {
  await server.setPassword(PASSWORD);
  await server.seed(longThoughts);
  await page.goto("/listarPensamento");
  await page.getByLabel("Senha").fill(PASSWORD);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("article")).toHaveCount(6);

  // A first load as a signed-in user: the server draws the wall, with 'Sair' behind 'Menu'.
  await page.reload();
  await expect(daySection(page).getByRole("figure")).toBeVisible();
  const first = await firstCardText(page);
  expect(first.top + 2 * first.lineHeight).toBeLessThanOrEqual(PHONE.height);
  await expect(page.getByRole("button", { name: "Sair" })).toBeHidden();
  await menuButton(page).tap();
  await expect(page.getByRole("button", { name: "Sair" })).toBeVisible();
  await expectNoAxeViolations();
});

test("a user opens the menu with a tap, leaves it with a tap outside, and follows a link from it", async ({
  page,
  server,
  expectNoAxeViolations,
}) => {
  await server.seed(longThoughts.slice(0, 2));
  await page.goto("/listarPensamento");
  await expect(page.getByRole("article")).toHaveCount(2);
  const labels = page.getByRole("link", { name: "Etiquetas" });
  await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
  await expect(labels).toBeHidden();

  await menuButton(page).tap();
  await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true");
  for (const name of ["Autores", "Fontes", "Etiquetas", "Lixeira", "Importar e exportar"]) {
    await expect(page.getByRole("link", { name })).toBeVisible();
  }
  await expectNoAxeViolations();

  // A tap elsewhere (below the panel, whose 'Tema' reaches past the day's heading) closes it.
  await page.touchscreen.tap(195, 820);
  await expect(labels).toBeHidden();
  await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");

  // A tap on the button itself opens and closes it.
  await menuButton(page).tap();
  await expect(labels).toBeVisible();
  await menuButton(page).tap();
  await expect(labels).toBeHidden();

  // A link leads to its screen, and the menu does not stay open over it.
  await menuButton(page).tap();
  await labels.tap();
  await expect(page).toHaveURL(/\/etiquetas$/);
  await expect(page.getByRole("heading", { level: 1, name: "Etiquetas" })).toBeVisible();
  await expect(labels).toBeHidden();
  await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
});
