import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

const PASSWORD = "uma senha só nossa";

const menuButton = (page: Page) => page.getByRole("button", { name: "Menu" });
const logo = (page: Page) => page.getByRole("link", { name: "Memoteca, ir para o mural" });
const tagline = (page: Page) =>
  page.getByText("Guarde trechos de músicas, citações de livros, pensamentos e suas melhores ideias.");

async function signIn(page: Page) {
  await page.goto("/listarPensamento");
  await page.getByLabel("Senha").fill(PASSWORD);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Meu mural" })).toBeVisible();
}

interface Box {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

async function boxOf(name: string, locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${name} is not drawn`);
  return { name, ...box };
}

const boxesOf = (items: [string, Locator][]) =>
  Promise.all(items.map(([name, locator]) => boxOf(name, locator)));

/** Pairs of items whose boxes cover each other, and pairs that do not share a row. */
function layoutFaults(boxes: Box[]): string[] {
  const faults: string[] = [];
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      const apart =
        a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
      if (!apart) faults.push(`${a.name} overlaps ${b.name}`);
      const sameRow = a.y < b.y + b.height && b.y < a.y + a.height;
      if (!sameRow) faults.push(`${a.name} and ${b.name} are on different rows`);
    }
  }
  return faults;
}

test("a signed-in user's header keeps one row at every width, its links and 'Sair' in 'Menu' below 1200px", async ({
  page,
  server,
}) => {
  await server.setPassword(PASSWORD);
  await server.seed([{ conteudo: "Um pensamento", autoria: "Ana" }]);
  await signIn(page);
  const header = page.getByRole("banner");
  for (const width of [700, 800, 900, 1000, 1100, 1199]) {
    await page.setViewportSize({ width, height: 720 });
    await expect(menuButton(page)).toBeVisible();
    await expect(page.getByRole("button", { name: "Sair" })).toBeHidden();
    const boxes = await boxesOf([
      ["logo", logo(page)],
      ["tagline", tagline(page)],
      ["Menu", menuButton(page)],
    ]);
    expect(layoutFaults(boxes), `at ${width}px`).toEqual([]);
    expect((await header.boundingBox())?.height, `at ${width}px`).toBeLessThanOrEqual(100);
    expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(width);
  }
  for (const width of [1200, 1280, 1400]) {
    await page.setViewportSize({ width, height: 720 });
    await expect(menuButton(page)).toBeHidden();
    const boxes = await boxesOf([
      ["logo", logo(page)],
      ["tagline", tagline(page)],
      ...["Autores", "Fontes", "Etiquetas", "Lixeira", "Importar e exportar"].map(
        (name): [string, Locator] => [name, page.getByRole("link", { name })],
      ),
      ["Sair", page.getByRole("button", { name: "Sair" })],
    ]);
    expect(layoutFaults(boxes), `at ${width}px`).toEqual([]);
    expect((await header.boundingBox())?.height, `at ${width}px`).toBeLessThanOrEqual(100);
  }
  // On a phone: the logo and 'Menu' on a row, the tagline under them; nothing wider than the screen.
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 720 });
    const brand = await boxOf("logo", logo(page));
    const menu = await boxOf("Menu", menuButton(page));
    expect(layoutFaults([brand, menu]), `at ${width}px`).toEqual([]);
    expect((await boxOf("tagline", tagline(page))).y).toBeGreaterThanOrEqual(brand.y + brand.height);
    expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(width);
  }
});

test("a mouse user opens 'Menu' with a click and closes it with another, or a click outside", async ({
  page,
  expectNoAxeViolations,
}) => {
  await page.setViewportSize({ width: 900, height: 720 });
  await page.goto("/listarPensamento");
  const trash = page.getByRole("link", { name: "Lixeira" });
  await expect(trash).toBeHidden();
  await menuButton(page).click();
  await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true");
  await expect(trash).toBeVisible();
  await expectNoAxeViolations();
  await menuButton(page).click();
  await expect(trash).toBeHidden();
  await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");

  await menuButton(page).click();
  await page.getByRole("searchbox").click();
  await expect(trash).toBeHidden();
  await menuButton(page).click();
  await trash.click();
  await expect(page.getByRole("heading", { level: 1, name: "Lixeira" })).toBeVisible();
  await expect(trash).toBeHidden();
});

test("a keyboard user opens 'Menu', tabs into it, and Esc closes it with the focus back on 'Menu'", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/listarPensamento");
  const search = page.getByRole("searchbox", { name: "O que você procura" });
  await search.fill("mar");
  await menuButton(page).focus();
  await page.keyboard.press("Enter");
  await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true");
  // The panel's links come right after the button.
  for (const name of ["Autores", "Fontes", "Etiquetas"]) {
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name })).toBeFocused();
  }
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Lixeira" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("link", { name: "Lixeira" })).toBeHidden();
  await expect(menuButton(page)).toBeFocused();
  await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
  // That Esc was the menu's: the wall's own Esc (which empties the search) did not also run.
  await expect(search).toHaveValue("mar");

  // Space opens it too, and Esc on the button itself closes it.
  await page.keyboard.press("Space");
  await expect(page.getByRole("link", { name: "Lixeira" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("link", { name: "Lixeira" })).toBeHidden();
  await expect(menuButton(page)).toBeFocused();
});
