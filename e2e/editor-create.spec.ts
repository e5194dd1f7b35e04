import type { Page } from "@playwright/test";
import type { Thought } from "../src/domain/contract";
import { expect, test } from "./support/fixtures";

async function storedThoughts(page: Page): Promise<Thought[]> {
  return (await page.request.get("/api/pensamentos")).json();
}

const content = (page: Page) => page.getByLabel("Pensamento", { exact: true });

test("a user writes a thought in Modelo 2, saves it and finds it on top of the wall", {
  tag: "@storage",
}, async ({ page, server }) => {
  await server.seed([{ conteudo: "Um pensamento mais antigo", autoria: "Antes" }]);
  await page.goto("/listarPensamento");
  await page.getByRole("link", { name: "Novo pensamento" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Adicione um novo pensamento" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "Modelo 1" })).toBeChecked();

  await content(page).fill("Tudo vale a pena\nse a alma não é pequena.");
  await page.getByLabel("Autoria ou fonte").fill("Fernando Pessoa");
  await page.getByRole("radio", { name: "Modelo 2" }).check();
  await page.getByRole("button", { name: "Salvar" }).click();

  await expect(page).toHaveURL(/\/listarPensamento$/);
  await expect(page.getByRole("article").first()).toContainText("se a alma não é pequena.");
  await expect(page.getByRole("article").filter({ hasText: "Um pensamento mais antigo" })).toBeVisible();
  expect((await storedThoughts(page)).slice(0, 1)).toEqual([
    expect.objectContaining({
      conteudo: "Tudo vale a pena\nse a alma não é pequena.",
      autoria: "Fernando Pessoa",
      modelo: "modelo2",
      favorito: false,
    }),
  ]);
});

test("a user notes where a quote comes from and what they thought: Fonte, Local and Nota are saved", async ({
  page,
}) => {
  await page.goto("/criarPensamento");
  await content(page).fill("O poeta é um fingidor.");
  await page.getByLabel("Autoria ou fonte").fill("Fernando Pessoa");
  await page.getByLabel("Fonte", { exact: true }).fill("Mensagem");
  await page.getByLabel("Local", { exact: true }).fill("p. 42");
  await page.getByLabel("Nota", { exact: true }).fill("Li na escola.\nE de novo agora.");
  await page.getByRole("button", { name: "Salvar" }).click();

  await expect(page).toHaveURL(/\/listarPensamento$/);
  expect(await storedThoughts(page)).toEqual([
    expect.objectContaining({
      conteudo: "O poeta é um fingidor.",
      fonte: "Mensagem",
      local: "p. 42",
      nota: "Li na escola.\nE de novo agora.",
    }),
  ]);
});

test("a user sees each model's preview card show what they type", async ({ page }) => {
  await page.goto("/criarPensamento");
  await content(page).fill("O que a gente guarda, guarda a gente.");
  await page.getByLabel("Autoria ou fonte").fill("Anônimo");
  const previews = page.getByRole("group", { name: "Escolha um modelo" }).getByText("guarda a gente.");
  await expect(previews).toHaveCount(3);
  for (const preview of await previews.all()) await expect(preview).toBeVisible();
});

test("a user who clicks Cancelar goes back to the wall and nothing is saved", async ({ page }) => {
  await page.goto("/criarPensamento");
  await content(page).fill("Um rascunho que não vai ficar");
  await page.getByLabel("Autoria ou fonte").fill("Ninguém");
  await page.getByRole("button", { name: "Cancelar" }).click();
  // Unsaved text: asked first (e2e/discard-guard.spec.ts covers the question itself).
  await page
    .getByRole("dialog", { name: "Descartar alterações?" })
    .getByRole("button", { name: "Descartar" })
    .click();

  await expect(page).toHaveURL(/\/listarPensamento$/);
  await expect(page.getByRole("heading", { level: 1, name: "Meu mural" })).toBeVisible();
  expect(await storedThoughts(page)).toEqual([]);
});

test("a user who double-clicks Salvar saves the thought once", { tag: "@storage" }, async ({ page }) => {
  await page.goto("/criarPensamento");
  await content(page).fill("Devagar se vai ao longe");
  await page.getByLabel("Autoria ou fonte").fill("Provérbio");
  await page.getByRole("button", { name: "Salvar" }).dblclick();

  await expect(page).toHaveURL(/\/listarPensamento$/);
  await expect(page.getByRole("article").filter({ hasText: "Devagar se vai ao longe" })).toHaveCount(1);
  expect(await storedThoughts(page)).toHaveLength(1);
});

test("a user saves a valid form with Ctrl+Enter from the text box", { tag: "@storage" }, async ({ page }) => {
  await page.goto("/criarPensamento");
  await page.getByLabel("Autoria ou fonte").fill("Atalho");
  await content(page).fill("Salvo sem tirar as mãos do teclado");
  await content(page).press("Control+Enter");

  await expect(page).toHaveURL(/\/listarPensamento$/);
  await expect(
    page.getByRole("article").filter({ hasText: "Salvo sem tirar as mãos do teclado" }),
  ).toBeVisible();
  expect(await storedThoughts(page)).toEqual([
    expect.objectContaining({ conteudo: "Salvo sem tirar as mãos do teclado", autoria: "Atalho" }),
  ]);
});

test("a user whose save fails sees why, keeps what they typed and saves on retry", async ({ page }) => {
  await page.route("/api/pensamentos", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({
          status: 503,
          json: { error: { code: "unavailable", message: "Servidor em manutenção." } },
        })
      : route.fallback(),
  );
  await page.goto("/criarPensamento");
  await content(page).fill("Não pode se perder");
  await page.getByLabel("Autoria ou fonte").fill("Persistência");
  await page.getByRole("button", { name: "Salvar" }).click();

  await expect(page.getByRole("alert")).toContainText("Servidor em manutenção.");
  await expect(page).toHaveURL(/\/criarPensamento$/);
  await expect(content(page)).toHaveValue("Não pode se perder");
  await expect(page.getByLabel("Autoria ou fonte")).toHaveValue("Persistência");

  await page.unroute("/api/pensamentos");
  await page.getByRole("button", { name: "Tentar de novo" }).click();
  await expect(page).toHaveURL(/\/listarPensamento$/);
  expect(await storedThoughts(page)).toEqual([expect.objectContaining({ conteudo: "Não pode se perder" })]);
});

test("the create form has no accessibility violation, with messages showing too", async ({
  page,
  expectNoAxeViolations,
}) => {
  await page.goto("/criarPensamento");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoAxeViolations();
  await content(page).focus();
  await page.getByLabel("Autoria ou fonte").fill("ab");
  await page.getByLabel("Autoria ou fonte").blur();
  await expect(page.getByText("Autor precisa ter no mínimo 3 caracteres!")).toBeVisible();
  await page.getByLabel("Local", { exact: true }).fill("l".repeat(101));
  await page.getByLabel("Local", { exact: true }).blur();
  await expect(page.getByText("Local pode ter no máximo 100 caracteres!")).toBeVisible();
  await expectNoAxeViolations();
});
