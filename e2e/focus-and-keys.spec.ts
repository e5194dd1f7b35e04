import type { Page } from "@playwright/test";
import { thoughtInput } from "../test-support/thought-factory";
import { expect, test } from "./support/fixtures";
import { pressShortcut } from "./support/shortcuts";

const card = (page: Page, author: string) => page.getByRole("article", { name: `Pensamento de ${author}` });
const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "O que você procura" });

test("a keyboard user un-favoriting in Meus favoritos lands on the next card, then the heading", async ({
  page,
  server,
  expectNoAxeViolations,
}) => {
  // Seeded oldest first: the wall shows Caio, Bia, Ana.
  await server.seed(
    ["Ana", "Bia", "Caio"].map((autoria) => ({
      conteudo: `Favorito de ${autoria}`,
      autoria,
      favorito: true,
    })),
  );
  await page.goto("/listarPensamento?favoritos=true");
  await expect(page.getByRole("article")).toHaveCount(3);

  await card(page, "Bia").getByRole("button", { name: "Favorito" }).focus();
  await page.keyboard.press("Enter");
  await expect(card(page, "Bia")).toHaveCount(0);
  await expect(card(page, "Ana")).toBeFocused();
  await expectNoAxeViolations();

  // The last card leaves: the focus goes to the one before it.
  await card(page, "Ana").getByRole("button", { name: "Favorito" }).focus();
  await page.keyboard.press("Enter");
  await expect(card(page, "Caio")).toBeFocused();
  // The card's author leads to their thoughts: it comes before the card's buttons.
  await page.keyboard.press("Tab");
  await expect(card(page, "Caio").getByRole("link", { name: "Ver pensamentos de Caio" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(card(page, "Caio").getByRole("button", { name: "Favorito" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Você ainda não marcou nenhum favorito.")).toBeVisible();
  await expect(heading(page)).toBeFocused();
  await expect(heading(page)).toHaveText("Meus favoritos");
});

test("a keyboard user moves between screens and the focus starts at each one's heading, or in the field it is for", async ({
  page,
  server,
}) => {
  await server.seed([thoughtInput()]);
  await page.goto("/listarPensamento");
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(heading(page)).not.toBeFocused();

  // A key pressed before React has taken over the server-drawn wall does nothing: pressed again, as a person would.
  await pressShortcut(page, "n", () => expect(page).toHaveURL(/\/criarPensamento$/, { timeout: 500 }));
  await expect(heading(page)).toHaveText("Adicione um novo pensamento");
  // The new thought's text box, ready to type in.
  await expect(page.getByRole("textbox", { name: "Pensamento" })).toBeFocused();
  await expect(page).toHaveTitle("Novo pensamento · Memoteca");

  await page.getByRole("button", { name: "Cancelar" }).click();
  await expect(page).toHaveURL(/\/listarPensamento$/);
  await expect(heading(page)).toHaveText("Meu mural");
  await expect(heading(page)).toBeFocused();
  await expect(page).toHaveTitle("Meu mural · Memoteca");
});

test("a keyboard user searches with / and Esc, and lists the shortcuts with ?", async ({
  page,
  server,
  expectNoAxeViolations,
}) => {
  await server.seed([
    { conteudo: "Amor de verão", autoria: "Alguém" },
    { conteudo: "Outra estação", autoria: "Outra pessoa" },
  ]);
  await page.goto("/listarPensamento");
  await expect(page.getByRole("article")).toHaveCount(2);

  // The wall arrives drawn by the server and React adopts it in slices; a key pressed before the shortcut
  // listener is attached does nothing, as it would for a person that quick, who presses it again.
  await pressShortcut(page, "/", () => expect(searchBox(page)).toBeFocused({ timeout: 500 }));
  // Typed into the box, the keys are text, not shortcuts.
  await page.keyboard.type("amor n?");
  await expect(searchBox(page)).toHaveValue("amor n?");
  await expect(page).toHaveURL(/\/listarPensamento\?q=amor\+n%3F$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(searchBox(page)).toHaveValue("");
  await expect(page).toHaveURL(/\/listarPensamento$/);
  await expect(page.getByRole("article")).toHaveCount(2);

  await searchBox(page).blur();
  await page.keyboard.press("?");
  const dialog = page.getByRole("dialog", { name: "Atalhos do teclado" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Fechar" })).toBeFocused();
  await expect(dialog).toContainText("Buscar no mural");
  await expectNoAxeViolations();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  await page.keyboard.press("?");
  await dialog.getByRole("button", { name: "Fechar" }).click();
  await expect(dialog).toHaveCount(0);
});

test("a user whose favorite fails reads why on the card, and closes the message", async ({
  page,
  server,
  expectNoAxeViolations,
}) => {
  await server.seed([thoughtInput({ autoria: "Ana" }), thoughtInput({ autoria: "Bia" })]);
  await page.route(
    (url) => url.pathname.startsWith("/api/pensamentos/"),
    (route) => (route.request().method() === "PATCH" ? route.abort("connectionrefused") : route.continue()),
  );
  await page.goto("/listarPensamento");
  const heart = card(page, "Ana").getByRole("button", { name: "Favorito" });
  await heart.click();
  const alert = card(page, "Ana").getByRole("alert");
  await expect(alert).toHaveText("Não foi possível marcar como favorito. Sem conexão com o servidor.");
  await expect(alert).toBeInViewport();
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await expectNoAxeViolations();

  // The next failure replaces it, on its own card.
  await card(page, "Bia").getByRole("button", { name: "Favorito" }).click();
  await expect(card(page, "Bia").getByRole("alert")).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(1);
  await card(page, "Bia").getByRole("button", { name: "Fechar" }).click();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(card(page, "Bia").getByRole("button", { name: "Favorito" })).toBeFocused();
});
