import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

const thoughts = Array.from({ length: 5 }, (_, i) => ({
  conteudo: `Palavra guardada ${i + 1}`,
  autoria: `Autora ${i + 1}`,
}));

const daySection = (page: Page) => page.getByRole("region", { name: "Pensamento do dia" });
const dialog = (page: Page) => page.getByRole("dialog", { name: "Surpreenda-me" });

test("a user opens the wall on the thought of the day, the same after a reload, and not while searching", {
  tag: "@storage",
}, async ({ page, server, expectNoAxeViolations }) => {
  await server.seed(thoughts);
  await page.goto("/listarPensamento");
  const card = daySection(page).getByRole("figure");
  await expect(card).toContainText("Palavra guardada");
  const chosen = await card.textContent();
  await expect(page.getByRole("article")).toHaveCount(5);
  await expectNoAxeViolations();

  await page.reload();
  await expect(daySection(page).getByRole("figure")).toHaveText(chosen ?? "");

  await page.getByRole("searchbox").pressSequentially("guardada 2");
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(daySection(page)).toHaveCount(0);
  await page.getByRole("button", { name: "Meu Mural" }).click();
  await page.getByRole("button", { name: "Meus favoritos" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Meus favoritos" })).toBeVisible();
  await expect(daySection(page)).toHaveCount(0);
});

test("a user is surprised by every thought once, with 'Outro', then closes with Esc", {
  tag: "@storage",
}, async ({ page, server, expectNoAxeViolations }) => {
  await server.seed(thoughts);
  await page.goto("/listarPensamento");
  const button = page.getByRole("button", { name: "Surpreenda-me" });
  await button.click();
  const seen: string[] = [];
  for (let i = 0; i < thoughts.length; i++) {
    if (i > 0) await dialog(page).getByRole("button", { name: "Outro" }).click();
    const figure = dialog(page).getByRole("figure");
    await expect(figure).toContainText("Palavra guardada");
    await expect.poll(async () => seen.includes((await figure.textContent()) ?? "")).toBe(false);
    seen.push((await figure.textContent()) ?? "");
  }
  expect(new Set(seen).size).toBe(thoughts.length);
  await expectNoAxeViolations();

  await page.keyboard.press("Escape");
  await expect(dialog(page)).toHaveCount(0);
  await expect(button).toBeFocused();
});

test("a keyboard user opens 'Surpreenda-me' with s, which typing in the search does not", async ({
  page,
  server,
}) => {
  await server.seed(thoughts);
  await page.goto("/listarPensamento");
  await page.getByRole("searchbox").pressSequentially("s");
  await expect(dialog(page)).toHaveCount(0);
  await page.getByRole("searchbox").blur();
  await page.keyboard.press("s");
  await expect(dialog(page).getByRole("figure")).toContainText("Palavra guardada");
  await dialog(page).getByRole("button", { name: "Fechar" }).click();
  await expect(dialog(page)).toHaveCount(0);
});

test("a user favourites and shares the day's thought and a surprise draw, as a card of the wall", async ({
  page,
  server,
  expectNoAxeViolations,
}) => {
  const [only] = await server.seed([{ conteudo: "Palavra guardada só", autoria: "Autora só" }]);
  const favoriteNow = async () => (await server.store.thoughts.get(only?.id ?? 0))?.favorito;
  await page.goto("/listarPensamento");
  const dayHeart = daySection(page).getByRole("button", { name: "Favorito" });
  await expect(dayHeart).toHaveAttribute("aria-pressed", "false");
  await dayHeart.click();
  await expect(dayHeart).toHaveAttribute("aria-pressed", "true");
  // The same thought's card on the wall says so too, and the server has it.
  await expect(page.getByRole("article").getByRole("button", { name: "Favorito" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect.poll(favoriteNow).toBe(true);

  const share = page.getByRole("dialog", { name: "Compartilhar" });
  const dayShare = daySection(page).getByRole("button", { name: "Compartilhar" });
  await dayShare.click();
  await expect(share.getByRole("img", { name: "Cartão com o pensamento de Autora só" })).toBeVisible();
  await expectNoAxeViolations();
  await page.keyboard.press("Escape");
  await expect(share).toHaveCount(0);
  await expect(dayShare).toBeFocused();

  // In 'Surpreenda-me', with the keyboard: the heart, then 'Compartilhar' over the dialog.
  await page.getByRole("button", { name: "Surpreenda-me" }).click();
  const drawn = dialog(page).getByRole("figure");
  await expect(drawn).toContainText("Palavra guardada só");
  const drawnHeart = drawn.getByRole("button", { name: "Favorito" });
  await expect(drawnHeart).toHaveAttribute("aria-pressed", "true");
  await drawnHeart.focus();
  await page.keyboard.press("Enter");
  await expect(drawnHeart).toHaveAttribute("aria-pressed", "false");
  await expect.poll(favoriteNow).toBe(false);
  const drawnShare = drawn.getByRole("button", { name: "Compartilhar" });
  await drawnShare.focus();
  await page.keyboard.press("Enter");
  await expect(share.getByRole("img", { name: "Cartão com o pensamento de Autora só" })).toBeVisible();
  await expectNoAxeViolations();
  // Esc closes the share dialog alone, back to the draw it was opened from.
  await page.keyboard.press("Escape");
  await expect(share).toHaveCount(0);
  await expect(dialog(page)).toBeVisible();
  await expect(drawnShare).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toHaveCount(0);
  await expect(dayHeart).toHaveAttribute("aria-pressed", "false");
});
