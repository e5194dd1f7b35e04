import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { forEachScreen, type Screen } from "./support/screens";
import { pressShortcut } from "./support/shortcuts";

// The page's own function, called inside the page below (the e2e code compiles without the DOM's types).
declare const getComputedStyle: (node: unknown) => { backgroundColor: string; outlineStyle: string };

/** The page's background, as drawn: the theme the reader sees. */
const background = (page: Page) =>
  page.locator("body").evaluate((body) => getComputedStyle(body).backgroundColor);
const LIGHT = "rgb(255, 255, 255)";
const DARK = "rgb(16, 21, 29)";

const themeGroup = (page: Page) => page.getByRole("group", { name: "Tema" });
const choice = (page: Page, name: string) => themeGroup(page).getByRole("radio", { name });

/** The HTML the server sends for an address, with this browser's cookies: what the first paint wears. */
async function servedHtml(page: Page, path: string): Promise<string> {
  return (await page.request.get(path)).text();
}

/** The menu's panel on a narrower screen; the row itself on a wide one. */
async function openMenu(page: Page, screen: Screen) {
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await screen.press(menu);
  await expect(themeGroup(page)).toBeVisible();
}

/** Only once React has taken the page over does a choice reach the cookie; '/' focusing the search says so. */
async function untilTheWallAnswers(page: Page) {
  await pressShortcut(page, "/", () => expect(page.getByRole("searchbox")).toBeFocused({ timeout: 500 }));
  await page.keyboard.press("Escape");
}

async function pick(screen: Screen, radio: Locator) {
  // The radio covers its segment of the switch, transparent: the segment is what a finger or a mouse meets.
  await screen.press(radio);
  await expect(radio).toBeChecked();
}

forEachScreen((screen) => {
  test("a user picks 'Escuro' in the menu and every next page arrives dark from the server; 'Automático' follows the system again", async ({
    page,
    server,
  }) => {
    await server.seed([{ conteudo: "Noite clara", autoria: "Lua", etiquetas: ["céu"] }]);
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/listarPensamento");
    await untilTheWallAnswers(page);
    expect(await background(page)).toBe(LIGHT);
    await openMenu(page, screen);
    await expect(choice(page, "Automático")).toBeChecked();

    await pick(screen, choice(page, "Escuro"));
    await expect.poll(() => background(page)).toBe(DARK);
    // The server writes the choice into the page it sends, so the first paint of every page wears it: the
    // wall (rendered with its cards) and any other address (the shell).
    await expect.poll(() => servedHtml(page, "/listarPensamento")).toMatch(/<html[^>]* data-tema="escuro"/);
    expect(await servedHtml(page, "/lixeira")).toMatch(/<html[^>]* data-tema="escuro"/);

    await page.reload();
    expect(await background(page)).toBe(DARK);
    await openMenu(page, screen);
    await expect(choice(page, "Escuro")).toBeChecked();
    await page.goto("/etiquetas");
    await expect(page.getByRole("heading", { level: 1, name: "Etiquetas" })).toBeVisible();
    expect(await background(page)).toBe(DARK);

    // 'Claro' holds even when the system asks for dark.
    await page.emulateMedia({ colorScheme: "dark" });
    await openMenu(page, screen);
    await pick(screen, choice(page, "Claro"));
    await expect.poll(() => background(page)).toBe(LIGHT);

    // 'Automático' forgets the choice: the system decides again, here and in the next pages.
    await pick(screen, choice(page, "Automático"));
    await expect.poll(() => background(page)).toBe(DARK);
    await expect.poll(() => servedHtml(page, "/listarPensamento")).not.toMatch(/<html[^>]* data-tema=/);
    await page.emulateMedia({ colorScheme: "light" });
    expect(await background(page)).toBe(LIGHT);
  });

  test("a keyboard user reaches 'Tema' and moves among its choices with the arrow keys", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/lixeira");
    await expect(page.getByRole("heading", { level: 1, name: "Lixeira" })).toBeVisible();
    const menu = page.getByRole("button", { name: "Menu" });
    if (await menu.isVisible()) {
      await menu.focus();
      await page.keyboard.press("Enter");
    }
    await expect(themeGroup(page)).toBeVisible();
    // Tab from the link before the switch lands on the checked choice, as in any radio group.
    await page.getByRole("link", { name: "Importar e exportar" }).focus();
    await page.keyboard.press("Tab");
    await expect(choice(page, "Automático")).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(choice(page, "Claro")).toBeChecked();
    await page.keyboard.press("ArrowRight");
    await expect(choice(page, "Escuro")).toBeChecked();
    await expect(choice(page, "Escuro")).toBeFocused();
    await expect.poll(() => background(page)).toBe(DARK);
    // The focus ring shows on the segment the focus is in.
    const ring = await choice(page, "Escuro")
      .locator("..")
      .evaluate((label) => getComputedStyle(label).outlineStyle);
    expect(ring).toBe("solid");
  });
});

for (const way of ["system", "menu"] as const) {
  test(`every screen arrives dark${way === "system" ? " and passes axe (the system asks for it)" : " (chosen in the menu)"}`, async ({
    page,
    server,
    expectNoAxeViolations,
    context,
  }) => {
    // A dozen screens and dialogs, each with an axe pass: more than the default on a busy machine.
    test.setTimeout(120_000);
    const [first, second] = await server.seed([
      {
        conteudo: "Sonho que se sonha só",
        autoria: "Raul Seixas",
        etiquetas: ["música"],
        modelo: "modelo1",
        fonte: "Gita",
        local: "faixa 3",
        nota: "Ouvida na estrada.",
      },
      { conteudo: "A vida é a arte do encontro", autoria: "Vinicius de Moraes", modelo: "modelo2" },
      { conteudo: "Tudo vale a pena", autoria: "Fernando Pessoa", favorito: true, modelo: "modelo3" },
    ]);
    if (!first || !second) throw new Error("seeding failed");
    // Either way the page gets `color-scheme: dark`, which every colour follows (styles.css): the colours,
    // so axe's findings, are the same. axe reads each screen the system's way; the menu's way checks that
    // each one arrives dark.
    const axeTheSystemsWay = () => (way === "system" ? expectNoAxeViolations() : Promise.resolve());

    {
      if (way === "system") await page.emulateMedia({ colorScheme: "dark" });
      else {
        await page.emulateMedia({ colorScheme: "light" });
        await context.addCookies([{ name: "memoteca_tema", value: "escuro", url: server.url }]);
      }
      const screens: [string, () => Promise<void>][] = [
        [
          "/listarPensamento",
          () => expect(page.getByRole("article").filter({ hasText: "Sonho que" }).first()).toBeVisible(),
        ],
        ["/listarPensamento?favoritos=true", () => expect(page.getByRole("article")).toHaveCount(1)],
        ["/listarPensamento?etiqueta=m%C3%BAsica", () => expect(page.getByRole("article")).toHaveCount(1)],
        ["/criarPensamento", () => expect(page.getByRole("textbox", { name: "Pensamento" })).toBeVisible()],
        [
          `/pensamentos/editarPensamento/${first.id}`,
          () =>
            expect(page.getByRole("textbox", { name: "Pensamento" })).toHaveValue("Sonho que se sonha só"),
        ],
        [`/pensamentos/excluirPensamento/${second.id}`, () => expect(page.getByRole("dialog")).toBeVisible()],
        ["/etiquetas", () => expect(page.getByRole("link", { name: /música/ }).first()).toBeVisible()],
        ["/importarExportar", () => expect(page.getByRole("heading", { level: 1 })).toBeVisible()],
        ["/lixeira", () => expect(page.getByRole("heading", { level: 1, name: "Lixeira" })).toBeVisible()],
        ["/nada-aqui", () => expect(page.getByRole("heading", { level: 1 })).toBeVisible()],
        ["/autores", () => expect(page.getByRole("link", { name: /Raul Seixas/ }).first()).toBeVisible()],
        ["/fontes", () => expect(page.getByRole("link", { name: /Gita/ }).first()).toBeVisible()],
        [
          "/fontes/Gita?autoria=Raul%20Seixas",
          () => expect(page.getByRole("article").filter({ hasText: "Sonho que" })).toBeVisible(),
        ],
        [
          "/listarPensamento?q=modelo%20inexistente",
          () => expect(page.getByRole("button", { name: "Limpar busca" })).toBeVisible(),
        ],
      ];
      for (const [path, ready] of screens) {
        await page.goto(path);
        await ready();
        expect(await background(page), `${path} (${way})`).toBe(DARK);
        await axeTheSystemsWay();
      }
      // The wall's dialogs: sharing, the shortcuts and the open menu over the page; first a card's open note.
      await page.goto("/listarPensamento");
      await untilTheWallAnswers(page);
      await page.getByRole("button", { name: "Nota" }).first().click();
      await expect(page.getByText("Ouvida na estrada.").first()).toBeVisible();
      await axeTheSystemsWay();
      await page.getByRole("button", { name: "Compartilhar" }).first().click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await axeTheSystemsWay();
      await page.keyboard.press("Escape");
      await page.keyboard.press("?");
      await expect(page.getByRole("dialog")).toBeVisible();
      await axeTheSystemsWay();
      await page.keyboard.press("Escape");
      const menu = page.getByRole("button", { name: "Menu" });
      if (await menu.isVisible()) await menu.click();
      await expect(themeGroup(page)).toBeVisible();
      await axeTheSystemsWay();
    }
  });
}

test("the trash, with a thought in it, passes axe in the dark theme", async ({
  page,
  server,
  expectNoAxeViolations,
}) => {
  const [thought] = await server.seed([{ conteudo: "Para a lixeira", autoria: "Alguém" }]);
  if (!thought) throw new Error("seeding failed");
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto(`/pensamentos/excluirPensamento/${thought.id}`);
  await page.getByRole("button", { name: "Excluir" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Meu mural" })).toBeVisible();
  await page.goto("/lixeira");
  await expect(page.getByText("Para a lixeira")).toBeVisible();
  expect(await background(page)).toBe(DARK);
  await expectNoAxeViolations();
});
