import type { Page } from "@playwright/test";
import type { Thought } from "../src/domain/contract";
import { expect, test } from "./support/fixtures";
import type { TestServer } from "./support/test-server";

async function trashTwoKeepOne(server: TestServer) {
  const [first, second] = await server.seed([
    { conteudo: "Rascunho velho", autoria: "Ana" },
    { conteudo: "Ideia repetida", autoria: "Bia" },
    { conteudo: "Fica no mural", autoria: "Caio" },
  ]);
  await server.store.thoughts.remove(first?.id ?? 0);
  await server.store.thoughts.remove(second?.id ?? 0);
}

async function storedTrash(page: Page): Promise<Thought[]> {
  return (await page.request.get("/api/lixeira")).json();
}

const dialog = (page: Page) => page.getByRole("dialog", { name: "Esvaziar lixeira?" });
const COUNT = "2 pensamentos serão apagados para sempre. Essa ação não pode ser desfeita.";
const DONE = "Lixeira esvaziada: 2 pensamentos apagados para sempre.";

test("a user empties the Lixeira with the mouse after a confirmation that says how many go", {
  tag: "@storage",
}, async ({ page, server, expectNoAxeViolations }) => {
  await trashTwoKeepOne(server);
  await page.goto("/lixeira");
  await expect(page.getByRole("article")).toHaveCount(2);
  await expectNoAxeViolations();

  await page.getByRole("button", { name: "Esvaziar lixeira" }).click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page)).toContainText(COUNT);
  await expectNoAxeViolations();
  await dialog(page).getByRole("button", { name: "Cancelar" }).click();
  await expect(dialog(page)).toHaveCount(0);
  expect(await storedTrash(page)).toHaveLength(2);

  await page.getByRole("button", { name: "Esvaziar lixeira" }).click();
  await dialog(page).getByRole("button", { name: "Esvaziar lixeira" }).click();
  await expect(page.getByText("A lixeira está vazia.")).toBeVisible();
  await expect(page.getByText(DONE)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Lixeira" })).toBeFocused();
  await expect(page.getByRole("button", { name: "Esvaziar lixeira" })).toHaveCount(0);
  await expectNoAxeViolations();
  expect(await storedTrash(page)).toEqual([]);

  await page.getByRole("link", { name: "Voltar para o mural" }).click();
  await expect(page.getByRole("article")).toHaveText([/Fica no mural/]);
});

test("a user on a phone empties the Lixeira with the keyboard alone", async ({
  page,
  server,
  expectNoAxeViolations,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await trashTwoKeepOne(server);
  await page.goto("/lixeira");
  await expect(page.getByRole("article")).toHaveCount(2);
  const empty = page.getByRole("button", { name: "Esvaziar lixeira" });
  // Tab from the top of the page until the button has the focus, as a keyboard user would.
  await expect(async () => {
    await page.keyboard.press("Tab");
    await expect(empty).toBeFocused({ timeout: 200 });
  }).toPass({ timeout: 15_000 });
  await page.keyboard.press("Enter");
  await expect(dialog(page)).toContainText(COUNT);
  await expect(dialog(page).getByRole("button", { name: "Cancelar" })).toBeFocused();
  await expectNoAxeViolations();
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toHaveCount(0);
  await expect(empty).toBeFocused();

  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(dialog(page).getByRole("button", { name: "Esvaziar lixeira" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText(DONE)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Lixeira" })).toBeFocused();
  expect(await storedTrash(page)).toEqual([]);
});
