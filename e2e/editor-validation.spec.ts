import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

const content = (page: Page) => page.getByLabel("Pensamento", { exact: true });
const author = (page: Page) => page.getByLabel("Autoria ou fonte");

test("a user sees no message before touching a field, and Salvar stays disabled", async ({ page }) => {
  await page.goto("/criarPensamento");
  await expect(content(page)).toBeVisible();
  await expect(page.getByText(/obrigatóri|no mínimo/)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Salvar" })).toBeDisabled();
});

test("a user who leaves the thought empty is told 'Pensamento é obrigatório!'", async ({ page }) => {
  await page.goto("/criarPensamento");
  await content(page).fill("   ");
  await content(page).blur();
  await expect(content(page)).toHaveAttribute("aria-invalid", "true");
  await expect(content(page)).toHaveAccessibleDescription("Pensamento é obrigatório!");
});

test("a user who leaves the author empty on the create form is told 'Autor é obrigatório!'", async ({
  page,
}) => {
  await page.goto("/criarPensamento");
  await author(page).click();
  await page.keyboard.press("Tab");
  await expect(author(page)).toHaveAttribute("aria-invalid", "true");
  await expect(author(page)).toHaveAccessibleDescription("Autor é obrigatório!");
});

test("a user who types a two-letter author is told 'Autor precisa ter no mínimo 3 caracteres!', until a third", async ({
  page,
}) => {
  await page.goto("/criarPensamento");
  await content(page).fill("Menos é mais");
  await author(page).fill("Mi");
  await author(page).blur();
  await expect(author(page)).toHaveAccessibleDescription("Autor precisa ter no mínimo 3 caracteres!");
  await expect(page.getByRole("button", { name: "Salvar" })).toBeDisabled();

  await author(page).fill("Mies van der Rohe");
  await expect(page.getByText("Autor precisa ter no mínimo 3 caracteres!")).toHaveCount(0);
  await expect(author(page)).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("button", { name: "Salvar" })).toBeEnabled();
});

test("a user may write the author with capitals: there is no lower-case rule", async ({ page }) => {
  await page.goto("/criarPensamento");
  await content(page).fill("Ser ou não ser");
  await author(page).fill("SHAKESPEARE");
  await author(page).blur();
  await expect(page.getByRole("button", { name: "Salvar" })).toBeEnabled();
  await expect(page.getByText("Esse campo aceita apenas letras minúsculas!")).toHaveCount(0);
});

test("an invalid form sends nothing, even with Ctrl+Enter", async ({ page }) => {
  const writes: string[] = [];
  page.on("request", (request) => {
    if (request.method() !== "GET") writes.push(`${request.method()} ${request.url()}`);
  });
  await page.goto("/criarPensamento");
  await content(page).fill("Sem autoria");
  await content(page).press("Control+Enter");
  await author(page).fill("ab");
  await author(page).press("Enter");
  await author(page).press("Control+Enter");

  await expect(page).toHaveURL(/\/criarPensamento$/);
  await expect(author(page)).toHaveValue("ab");
  expect(writes).toEqual([]);
  expect(await (await page.request.get("/api/pensamentos")).json()).toEqual([]);
});
