import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

const card = (page: Page, author: string) => page.getByRole("article", { name: `Pensamento de ${author}` });
const cards = (page: Page) => page.getByRole("article");
const heading = (page: Page) => page.getByRole("heading", { level: 1 });

/** Thoughts by author, seeded oldest first: the wall shows them newest first (the last one first). */
const byAuthors = (authors: string[], favorito = false) =>
  authors.map((autoria) => ({ conteudo: `Um pensamento de ${autoria}`, autoria, favorito }));

/** Deletes a card as a mouse user does: its bin, then 'Excluir' in the dialog. */
async function deleteByMouse(page: Page, author: string) {
  await card(page, author).getByRole("link", { name: "Excluir pensamento" }).click();
  await page
    .getByRole("dialog", { name: "Excluir pensamento" })
    .getByRole("button", { name: "Excluir" })
    .click();
  await expect(card(page, author)).toHaveCount(0);
}

test("a user deleting cards with the mouse finds the focus on the next card, the one before, then the heading", async ({
  page,
  server,
  expectNoAxeViolations,
}) => {
  await server.seed(byAuthors(["Ana", "Bia", "Caio"]));
  await page.goto("/listarPensamento");
  await expect(cards(page)).toHaveCount(3);

  // The wall shows Caio, Bia, Ana: Bia's next card is Ana's.
  await deleteByMouse(page, "Bia");
  await expect(card(page, "Ana")).toBeFocused();
  await expect(page.getByText("Pensamento excluído.")).toBeVisible();
  await expectNoAxeViolations();

  // The last card goes: the one before it.
  await deleteByMouse(page, "Ana");
  await expect(card(page, "Caio")).toBeFocused();
  // None left: the heading.
  await deleteByMouse(page, "Caio");
  await expect(page.getByText("Ainda não há pensamentos cadastrados!")).toBeVisible();
  await expect(heading(page)).toBeFocused();
});

test("a keyboard user deletes a card and lands on the next one", async ({ page, server }) => {
  await server.seed(byAuthors(["Ana", "Bia", "Caio"]));
  await page.goto("/listarPensamento");
  await card(page, "Bia").getByRole("link", { name: "Excluir pensamento" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Excluir pensamento" });
  await expect(dialog.getByRole("button", { name: "Cancelar" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Excluir" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(card(page, "Bia")).toHaveCount(0);
  await expect(card(page, "Ana")).toBeFocused();
});
