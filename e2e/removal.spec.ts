import type { Page } from "@playwright/test";
import type { Thought } from "../src/domain/contract";
import { thoughtInput } from "../test-support/thought-factory";
import { expect, test } from "./support/fixtures";

async function storedThoughts(page: Page): Promise<Thought[]> {
  return (await page.request.get("/api/pensamentos")).json();
}

const card = (page: Page, text: string) => page.getByRole("article").filter({ hasText: text });
const dialog = (page: Page) => page.getByRole("dialog", { name: "Excluir pensamento" });

test("a user deletes a thought from its card and it leaves the wall", { tag: "@storage" }, async ({
  page,
  server,
}) => {
  await server.seed([
    { conteudo: "Este fica no mural", autoria: "Permanente" },
    { conteudo: "Este vai embora", autoria: "Passageiro" },
  ]);
  await page.goto("/listarPensamento");
  await card(page, "Este vai embora").getByRole("link", { name: "Excluir pensamento" }).click();

  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page)).toContainText("O pensamento será deletado. Confirma a exclusão?");
  await expect(dialog(page)).toContainText("Passageiro");
  await dialog(page).getByRole("button", { name: "Excluir" }).click();

  await expect(page).toHaveURL(/\/listarPensamento$/);
  await expect(dialog(page)).toHaveCount(0);
  await expect(card(page, "Este vai embora")).toHaveCount(0);
  await expect(card(page, "Este fica no mural")).toBeVisible();
  expect((await storedThoughts(page)).map((t) => t.conteudo)).toEqual(["Este fica no mural"]);
});

test("a user who clicks Cancelar keeps the thought", async ({ page, server }) => {
  await server.seed([{ conteudo: "Quase apagado", autoria: "Sortudo" }]);
  await page.goto("/listarPensamento");
  await card(page, "Quase apagado").getByRole("link", { name: "Excluir pensamento" }).click();
  await dialog(page).getByRole("button", { name: "Cancelar" }).click();

  await expect(page).toHaveURL(/\/listarPensamento$/);
  await expect(dialog(page)).toHaveCount(0);
  await expect(card(page, "Quase apagado")).toBeVisible();
  expect(await storedThoughts(page)).toHaveLength(1);
});

test("a keyboard user finds the focus in the dialog, cannot Tab out of it and leaves with Esc", async ({
  page,
  server,
}) => {
  const [thought] = await server.seed([{ conteudo: "Só pelo teclado", autoria: "Teclado" }]);
  await page.goto(`/pensamentos/excluirPensamento/${thought?.id}`);
  const cancel = dialog(page).getByRole("button", { name: "Cancelar" });
  const remove = dialog(page).getByRole("button", { name: "Excluir" });

  await expect(cancel).toBeFocused();
  await expect(remove).toBeEnabled();
  await page.keyboard.press("Tab");
  await expect(remove).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(cancel).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(remove).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(cancel).toBeFocused();

  await page.keyboard.press("Escape");
  await expect(dialog(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/listarPensamento$/);
  await expect(card(page, "Só pelo teclado")).toBeVisible();
  expect(await storedThoughts(page)).toHaveLength(1);
});

test("a user sees the wall behind the dialog but cannot reach it, and a click on the overlay cancels", async ({
  page,
  server,
}) => {
  const [thought] = await server.seed([{ conteudo: "Atrás do véu", autoria: "Fundo" }]);
  await page.goto(`/pensamentos/excluirPensamento/${thought?.id}`);
  await expect(dialog(page)).toBeVisible();
  await expect(card(page, "Atrás do véu")).toBeVisible();
  const behind = card(page, "Atrás do véu").getByRole("link", { name: "Editar pensamento" });
  await behind.focus();
  await expect(behind).not.toBeFocused();

  await page.mouse.click(5, 5);
  await expect(dialog(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/listarPensamento$/);
  expect(await storedThoughts(page)).toHaveLength(1);
});

for (const id of ["999999", "abc"]) {
  test(`a user opening the delete dialog of an unknown thought (${id}) is told so and goes back`, async ({
    page,
  }) => {
    await page.goto(`/pensamentos/excluirPensamento/${id}`);
    const notFound = page.getByRole("dialog", { name: "Pensamento não encontrado" });
    await expect(notFound).toBeVisible();
    const back = notFound.getByRole("button", { name: "Voltar para o mural" });
    await expect(back).toBeFocused();
    await back.click();
    await expect(page).toHaveURL(/\/listarPensamento$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
}

test("a user whose delete fails is told so and deletes on retry", async ({ page, server }) => {
  const [thought] = await server.seed([{ conteudo: "Teimoso", autoria: "Rede instável" }]);
  const url = `/api/pensamentos/${thought?.id}`;
  await page.route(url, (route) =>
    route.request().method() === "DELETE" ? route.abort("connectionreset") : route.fallback(),
  );
  await page.goto(`/pensamentos/excluirPensamento/${thought?.id}`);
  await dialog(page).getByRole("button", { name: "Excluir" }).click();

  await expect(dialog(page).getByRole("alert")).toContainText("O pensamento não foi excluído.");
  expect(await storedThoughts(page)).toHaveLength(1);

  await page.unroute(url);
  await dialog(page).getByRole("button", { name: "Tentar de novo" }).click();
  await expect(page).toHaveURL(/\/listarPensamento$/);
  await expect(card(page, "Teimoso")).toHaveCount(0);
  expect(await storedThoughts(page)).toEqual([]);
});

test("the delete dialog has no accessibility violation", async ({ page, server, expectNoAxeViolations }) => {
  const [thought] = await server.seed([thoughtInput(), thoughtInput({ modelo: "modelo2" })]);
  await page.goto(`/pensamentos/excluirPensamento/${thought?.id}`);
  await expect(dialog(page).getByRole("button", { name: "Excluir" })).toBeEnabled();
  await expectNoAxeViolations();
});
