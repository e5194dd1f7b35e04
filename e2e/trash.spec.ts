import type { Page } from "@playwright/test";
import type { Thought } from "../src/domain/contract";
import { expect, test } from "./support/fixtures";

async function wallThoughts(page: Page): Promise<string[]> {
  const thoughts: Thought[] = await (await page.request.get("/api/pensamentos?_limit=100")).json();
  return thoughts.map((thought) => thought.conteudo);
}

const card = (page: Page, text: string) => page.getByRole("article").filter({ hasText: text });

async function deleteFromWall(page: Page, text: string) {
  await card(page, text).getByRole("link", { name: "Excluir pensamento" }).click();
  await page
    .getByRole("dialog", { name: "Excluir pensamento" })
    .getByRole("button", { name: "Excluir" })
    .click();
}

test("a user deletes a thought, then 'Desfazer' puts it back in its own place", { tag: "@storage" }, async ({
  page,
  server,
  expectNoAxeViolations,
}) => {
  await server.seed([
    { conteudo: "O mais antigo", autoria: "Primeira" },
    { conteudo: "O do meio", autoria: "Segunda" },
    { conteudo: "O mais novo", autoria: "Terceira" },
  ]);
  await page.goto("/listarPensamento");
  await deleteFromWall(page, "O do meio");

  await expect(page.getByText("Pensamento excluído.")).toBeVisible();
  // The pointer rests on 'Desfazer', which holds the line past its ten seconds: on a loaded machine the
  // checks below (axe above all) can take that long, and a user on their way to the button gets it too.
  const undo = page.getByRole("button", { name: "Desfazer" });
  await undo.hover();
  await expect(card(page, "O do meio")).toHaveCount(0);
  expect(await wallThoughts(page)).toEqual(["O mais novo", "O mais antigo"]);
  await expectNoAxeViolations();

  await undo.click();
  await expect(page.getByText("Pensamento restaurado.")).toBeVisible();
  await expect(page.getByRole("article")).toHaveText([/O mais novo/, /O do meio/, /O mais antigo/]);
  expect(await wallThoughts(page)).toEqual(["O mais novo", "O do meio", "O mais antigo"]);
});

test("a user finds a deleted thought in 'Lixeira', restores one and deletes another for good", {
  tag: "@storage",
}, async ({ page, server, expectNoAxeViolations }) => {
  await server.seed([
    { conteudo: "Volta para o mural", autoria: "Ana" },
    { conteudo: "Some para sempre", autoria: "Bia" },
    { conteudo: "Nunca saiu", autoria: "Caio" },
  ]);
  await page.goto("/listarPensamento");
  await deleteFromWall(page, "Volta para o mural");
  await expect(card(page, "Volta para o mural")).toHaveCount(0);
  await deleteFromWall(page, "Some para sempre");
  await expect(card(page, "Some para sempre")).toHaveCount(0);

  await page.getByRole("link", { name: "Lixeira" }).click();
  await expect(page).toHaveURL(/\/lixeira$/);
  await expect(page.getByRole("heading", { level: 1, name: "Lixeira" })).toBeVisible();
  // The most recent deletion first.
  await expect(page.getByRole("article")).toHaveText([/Some para sempre/, /Volta para o mural/]);
  await expect(page.getByRole("article").first()).toContainText(/Excluído em \d\d\/\d\d\/\d{4}/);
  await expectNoAxeViolations();

  await card(page, "Volta para o mural").getByRole("button", { name: "Restaurar" }).click();
  await expect(page.getByText("Pensamento restaurado. Ele voltou ao mural, no seu lugar.")).toBeVisible();
  await expect(card(page, "Volta para o mural")).toHaveCount(0);

  await card(page, "Some para sempre").getByRole("button", { name: "Excluir para sempre" }).click();
  const confirm = page.getByRole("dialog", { name: "Excluir para sempre" });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole("button", { name: "Cancelar" })).toBeFocused();
  await expectNoAxeViolations();
  await confirm.getByRole("button", { name: "Excluir para sempre" }).click();
  await expect(page.getByText("A lixeira está vazia.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Lixeira" })).toBeFocused();

  expect(await wallThoughts(page)).toEqual(["Nunca saiu", "Volta para o mural"]);
  const trash: Thought[] = await (await page.request.get("/api/lixeira")).json();
  expect(trash).toEqual([]);
});
