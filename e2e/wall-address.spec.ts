import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

const searchBox = (page: Page) => page.getByRole("searchbox", { name: "O que você procura" });
const mode = (page: Page, name: "Meu Mural" | "Meus favoritos") => page.getByRole("button", { name });
const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const cards = (page: Page) => page.getByRole("article");
// Strings, not functions: the e2e code is typed without the DOM's globals.
const historyLength = (page: Page) => page.evaluate<number>("history.length");
const scrollTop = (page: Page) => page.evaluate<number>("window.scrollY");

/** Thoughts with the word 'amor' (every other one a favorite), and some without. */
const wall = [
  ...Array.from({ length: 16 }, (_, i) => ({
    conteudo: `Amor número ${i + 1}, guardado no mural para ser encontrado pela busca.`,
    autoria: `Autora ${i + 1}`,
    favorito: i % 2 === 0,
  })),
  { conteudo: "Sem a palavra", autoria: "Outra pessoa", favorito: true },
];

test("a user reloading the wall keeps the search and the mode", async ({
  page,
  server,
  expectNoAxeViolations,
}) => {
  await server.seed(wall);
  await page.goto("/listarPensamento");
  await searchBox(page).pressSequentially("amor");
  await mode(page, "Meus favoritos").click();
  await expect(page).toHaveURL(/\/listarPensamento\?q=amor&favoritos=true$/);
  await expect(cards(page)).toHaveCount(6);

  await page.reload();
  await expect(heading(page)).toHaveText("Meus favoritos");
  await expect(searchBox(page)).toHaveValue("amor");
  await expect(mode(page, "Meus favoritos")).toHaveAttribute("aria-pressed", "true");
  await expect(mode(page, "Meu Mural")).toHaveAttribute("aria-pressed", "false");
  await expect(cards(page)).toHaveCount(6);
  await expect(cards(page).filter({ hasText: "Sem a palavra" })).toHaveCount(0);
  await expect(page).toHaveTitle("Busca “amor” · Meus favoritos · Memoteca");
  await expectNoAxeViolations();

  // An address it does not understand shows the whole wall instead of failing.
  await page.goto("/listarPensamento?favoritos=banana");
  await expect(heading(page)).toHaveText("Meu mural");
  await expect(cards(page)).toHaveCount(6);
});

test("a user goes Back and Forward between the modes, and typing adds no history entry", async ({
  page,
  server,
}) => {
  await server.seed(wall);
  await page.goto("/listarPensamento");
  await expect(cards(page)).toHaveCount(6);
  const entries = await historyLength(page);
  await searchBox(page).pressSequentially("amor n");
  await expect(page).toHaveURL(/\?q=amor\+n$/);
  expect(await historyLength(page)).toBe(entries);

  await mode(page, "Meus favoritos").click();
  await expect(heading(page)).toHaveText("Meus favoritos");
  expect(await historyLength(page)).toBe(entries + 1);

  await page.goBack();
  await expect(heading(page)).toHaveText("Meu mural");
  await expect(searchBox(page)).toHaveValue("amor n");
  await expect(mode(page, "Meu Mural")).toHaveAttribute("aria-pressed", "true");
  await page.goForward();
  await expect(heading(page)).toHaveText("Meus favoritos");
  await expect(mode(page, "Meus favoritos")).toHaveAttribute("aria-pressed", "true");

  // 'Meu Mural' clears the search, in an entry of its own.
  await mode(page, "Meu Mural").click();
  await expect(page).toHaveURL(/\/listarPensamento$/);
  await expect(searchBox(page)).toHaveValue("");
  await page.goBack();
  await expect(page).toHaveURL(/\?q=amor\+n&favoritos=true$/);
  await expect(searchBox(page)).toHaveValue("amor n");
});

/** Loads a second page of favorites that match 'amor' and scrolls down to the last card shown. */
async function scrolledFavorites(page: Page) {
  await page.goto("/listarPensamento");
  await searchBox(page).pressSequentially("amor");
  await mode(page, "Meus favoritos").click();
  await expect(cards(page)).toHaveCount(6);
  await page.getByRole("button", { name: "Carregar mais" }).click();
  await expect(cards(page)).toHaveCount(8);
  const last = cards(page).last();
  await last.scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 120);
  await expect.poll(() => scrollTop(page)).toBeGreaterThan(300);
  // The wheel scrolls smoothly: the place the user leaves is where the scrolling stops, not a frame of it.
  await expect
    .poll(async () => {
      const before = await scrollTop(page);
      await page.waitForTimeout(150);
      return (await scrollTop(page)) === before;
    })
    .toBe(true);
  return { last, scrollY: await scrollTop(page) };
}

async function expectWallAsLeft(page: Page, scrollY: number) {
  await expect(page).toHaveURL(/\/listarPensamento\?q=amor&favoritos=true$/);
  await expect(heading(page)).toHaveText("Meus favoritos");
  await expect(searchBox(page)).toHaveValue("amor");
  // Both pages are back at once, and the window where it was among them.
  await expect(cards(page)).toHaveCount(8);
  await expect.poll(() => scrollTop(page)).toBeGreaterThan(scrollY - 2);
  expect(await scrollTop(page)).toBeLessThan(scrollY + 2);
  await expect(heading(page)).toBeFocused();
}

test("a user returning from the edit form finds the search, the mode and the scroll as they left them", async ({
  page,
  server,
  expectNoAxeViolations,
}) => {
  // Three trips to the form and back, each from a freshly loaded and scrolled wall.
  test.setTimeout(60_000);
  await server.seed(wall);
  for (const leave of ["Cancelar", "Salvar", "Back"] as const) {
    const { last, scrollY } = await scrolledFavorites(page);
    await last.getByRole("link", { name: "Editar pensamento" }).click();
    const content = page.getByLabel("Pensamento", { exact: true });
    await expect(content).toBeVisible();
    await expect(content).toBeFocused();
    expect(await scrollTop(page)).toBe(0);
    if (leave === "Back") {
      await page.goBack();
    } else {
      if (leave === "Salvar") await content.fill(`${await content.inputValue()} Editado.`);
      await page.getByRole("button", { name: leave }).click();
    }
    await expectWallAsLeft(page, scrollY);
    if (leave === "Salvar") await expect(cards(page).filter({ hasText: "Editado." })).toHaveCount(1);
  }
  await expectNoAxeViolations();
});
