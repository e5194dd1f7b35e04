import type { Page } from "@playwright/test";
import type { Thought } from "../src/domain/contract";
import { thoughtInput } from "../test-support/thought-factory";
import { expect, test } from "./support/fixtures";

const content = (page: Page) => page.getByLabel("Pensamento", { exact: true });
const question = (page: Page) => page.getByRole("dialog", { name: "Descartar alterações?" });
const wallHeading = (page: Page) => page.getByRole("heading", { level: 1, name: "Meu mural" });
const formHeading = (page: Page) =>
  page.getByRole("heading", { level: 1, name: "Adicione um novo pensamento" });
/**
 * How deep into the app's own history the user is: React Router's number for the current entry (`idx`: 0
 * for the entry the app was opened at, one more for each entry it pushed).
 */
const depth = (page: Page) => page.evaluate<number>("history.state?.idx ?? 0");

async function storedThoughts(page: Page): Promise<Thought[]> {
  return (await page.request.get("/api/pensamentos")).json();
}

async function openNewThoughtFromTheWall(page: Page) {
  await page.goto("/listarPensamento");
  await expect(wallHeading(page)).toBeVisible();
  await page.getByRole("link", { name: "Novo pensamento" }).click();
  await expect(formHeading(page)).toBeVisible();
}

test("a user who clicks Cancelar on a filled form is asked first, and keeps everything on 'Continuar editando'", async ({
  page,
  expectNoAxeViolations,
}) => {
  await openNewThoughtFromTheWall(page);
  await content(page).fill("Um rascunho precioso");
  await page.getByLabel("Autoria ou fonte").fill("Eu mesma");
  const cancel = page.getByRole("button", { name: "Cancelar" });
  await cancel.click();

  await expect(question(page)).toBeVisible();
  await expect(question(page)).toHaveAttribute("aria-modal", "true");
  await expect(question(page).getByRole("button", { name: "Continuar editando" })).toBeFocused();
  await expectNoAxeViolations();

  await question(page).getByRole("button", { name: "Continuar editando" }).click();
  await expect(question(page)).toHaveCount(0);
  await expect(cancel).toBeFocused();
  await expect(content(page)).toHaveValue("Um rascunho precioso");
  await expect(page.getByLabel("Autoria ou fonte")).toHaveValue("Eu mesma");

  await cancel.click();
  await question(page).getByRole("button", { name: "Descartar" }).click();
  await expect(page).toHaveURL(/\/listarPensamento$/);
  await expect(wallHeading(page)).toBeVisible();
  expect(await storedThoughts(page)).toEqual([]);
  expect(await depth(page)).toBe(0);
});

test("a user who presses Esc on the question keeps what they typed", async ({ page }) => {
  await openNewThoughtFromTheWall(page);
  await content(page).fill("Quase apagado");
  await page.getByRole("button", { name: "Cancelar" }).click();
  await expect(question(page)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(question(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/criarPensamento$/);
  await expect(content(page)).toHaveValue("Quase apagado");
});

test("a user who cancels an empty form leaves at once", async ({ page }) => {
  await openNewThoughtFromTheWall(page);
  await page.getByRole("button", { name: "Cancelar" }).click();
  await expect(wallHeading(page)).toBeVisible();
  await expect(question(page)).toHaveCount(0);
});

test("a user who presses the browser's Back on a filled form is asked first, and stays on it", async ({
  page,
  expectNoAxeViolations,
}) => {
  await openNewThoughtFromTheWall(page);
  expect(await depth(page)).toBe(1);
  await content(page).fill("Não volte sem perguntar");
  await page.goBack();

  await expect(question(page)).toBeVisible();
  await expect(page).toHaveURL(/\/criarPensamento$/);
  await expect(formHeading(page)).toBeVisible();
  expect(await depth(page)).toBe(1);
  await expectNoAxeViolations();

  await question(page).getByRole("button", { name: "Continuar editando" }).click();
  await expect(content(page)).toHaveValue("Não volte sem perguntar");

  // Asked again on the next Back, and 'Descartar' finishes the Back the user asked for.
  await page.goBack();
  await question(page).getByRole("button", { name: "Descartar" }).click();
  await expect(page).toHaveURL(/\/listarPensamento$/);
  await expect(wallHeading(page)).toBeVisible();
  expect(await depth(page)).toBe(0);

  // The history is still the app's own: the form opens empty, and Cancelar goes Back to this wall.
  await page.getByRole("link", { name: "Novo pensamento" }).click();
  await expect(content(page)).toHaveValue("");
  expect(await depth(page)).toBe(1);
  await page.getByRole("button", { name: "Cancelar" }).click();
  await expect(wallHeading(page)).toBeVisible();
  expect(await depth(page)).toBe(0);
});

test("a user who goes Back from an edit form they did not change is not asked", async ({ page, server }) => {
  const [thought] = await server.seed([{ conteudo: "Só de passagem", autoria: "Leitor" }]);
  await page.goto("/listarPensamento");
  await page.getByRole("link", { name: "Editar pensamento" }).click();
  await expect(content(page)).toHaveValue("Só de passagem");
  await page.goBack();
  await expect(wallHeading(page)).toBeVisible();
  await expect(question(page)).toHaveCount(0);
  expect(await storedThoughts(page)).toEqual([expect.objectContaining({ id: thought?.id })]);
});

test("a user who saves a changed edit form is never asked", async ({ page, server }) => {
  const [thought] = await server.seed([thoughtInput()]);
  await page.goto("/listarPensamento");
  await page.getByRole("link", { name: "Editar pensamento" }).click();
  await content(page).fill("Depois");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(wallHeading(page)).toBeVisible();
  await expect(question(page)).toHaveCount(0);
  await expect(page.getByRole("article").filter({ hasText: "Depois" })).toBeVisible();
  expect(await storedThoughts(page)).toEqual([
    expect.objectContaining({ id: thought?.id, conteudo: "Depois" }),
  ]);
});
