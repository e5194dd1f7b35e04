import type { Page } from "@playwright/test";
import type { Thought } from "../src/domain/contract";
import { thoughtInput } from "../test-support/thought-factory";
import { expect, test } from "./support/fixtures";

const content = (page: Page) => page.getByLabel("Pensamento", { exact: true });
const author = (page: Page) => page.getByLabel("Autoria ou fonte");

async function storedThought(page: Page, id: number): Promise<Thought> {
  return (await page.request.get(`/api/pensamentos/${id}`)).json();
}

test("a user edits a thought from its card and sees the change on the wall, still a favorite", {
  tag: "@storage",
}, async ({ page, server }) => {
  const [thought] = await server.seed([
    {
      conteudo: "A pressa é inimiga da perfeição",
      autoria: "Ditado",
      modelo: "modelo3",
      favorito: true,
      etiquetas: ["Provérbio"],
    },
  ]);
  await page.goto("/listarPensamento");
  await page
    .getByRole("article")
    .filter({ hasText: "A pressa é inimiga da perfeição" })
    .getByRole("link", { name: "Editar pensamento" })
    .click();

  await expect(page).toHaveURL(new RegExp(`/pensamentos/editarPensamento/${thought?.id}$`));
  await expect(content(page)).toHaveValue("A pressa é inimiga da perfeição");
  await expect(author(page)).toHaveValue("Ditado");
  await expect(page.getByRole("radio", { name: "Modelo 3" })).toBeChecked();

  await content(page).fill("A pressa é inimiga da perfeição, e da paz");
  await page.getByRole("radio", { name: "Modelo 1" }).check();
  await page.getByRole("button", { name: "Salvar" }).click();

  await expect(page).toHaveURL(/\/listarPensamento$/);
  await expect(page.getByRole("article").filter({ hasText: "e da paz" })).toBeVisible();
  expect(await storedThought(page, thought?.id ?? 0)).toEqual({
    id: thought?.id,
    conteudo: "A pressa é inimiga da perfeição, e da paz",
    autoria: "Ditado",
    modelo: "modelo1",
    favorito: true,
    etiquetas: ["Provérbio"],
    fonte: "",
    local: "",
    nota: "",
    // Added when it was seeded, changed now: the edit keeps the one and moves the other.
    criadoEm: thought?.criadoEm,
    atualizadoEm: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    // One change since it was seeded.
    versao: 2,
  });
});

test("a user opening an edit link directly waits for the thought, then gets the filled form", async ({
  page,
  server,
}) => {
  const [thought] = await server.seed([{ conteudo: "Aberto pelo endereço", autoria: "Link direto" }]);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`/api/pensamentos/${thought?.id}`, async (route) => {
    await held;
    await route.fallback();
  });

  await page.goto(`/pensamentos/editarPensamento/${thought?.id}`);
  await expect(page.getByRole("status")).toHaveText("Carregando pensamento…");
  await expect(content(page)).toHaveCount(0);

  release();
  await expect(content(page)).toHaveValue("Aberto pelo endereço");
  await expect(author(page)).toHaveValue("Link direto");
  await expect(page.getByRole("radio", { name: "Modelo 1" })).toBeChecked();
  await expect(page.getByRole("status")).toHaveCount(0);
});

test("a user clears the author on the edit form and is told 'Autoria é obrigatória!'", async ({
  page,
  server,
}) => {
  const [thought] = await server.seed([thoughtInput({ autoria: "Ditado" })]);
  await page.goto(`/pensamentos/editarPensamento/${thought?.id}`);
  await author(page).fill("");
  await author(page).blur();
  await expect(author(page)).toHaveAccessibleDescription("Autoria é obrigatória!");
  await expect(page.getByRole("button", { name: "Salvar" })).toBeDisabled();

  await author(page).fill("Di");
  await expect(author(page)).toHaveAccessibleDescription("Autoria precisa ter no mínimo 3 caracteres!");

  await content(page).fill("");
  await content(page).blur();
  await expect(content(page)).toHaveAccessibleDescription("Pensamento é obrigatório!");
  expect(await storedThought(page, thought?.id ?? 0)).toMatchObject({ autoria: "Ditado" });
});

test("a user who cancels an edit finds the thought unchanged", async ({ page, server }) => {
  const [thought] = await server.seed([{ conteudo: "Nada muda se eu cancelar", autoria: "Teste" }]);
  await page.goto(`/pensamentos/editarPensamento/${thought?.id}`);
  await content(page).fill("Mudança descartada");
  await page.getByRole("button", { name: "Cancelar" }).click();
  // Unsaved text: asked first (e2e/discard-guard.spec.ts covers the question itself).
  await page
    .getByRole("dialog", { name: "Descartar alterações?" })
    .getByRole("button", { name: "Descartar" })
    .click();

  await expect(page).toHaveURL(/\/listarPensamento$/);
  await expect(page.getByRole("article").filter({ hasText: "Nada muda se eu cancelar" })).toBeVisible();
  expect(await storedThought(page, thought?.id ?? 0)).toMatchObject({ conteudo: "Nada muda se eu cancelar" });
});

for (const id of ["999999", "abc"]) {
  test(`a user opening the edit form of an unknown thought (${id}) is told so and can go back`, async ({
    page,
  }) => {
    await page.goto(`/pensamentos/editarPensamento/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Pensamento não encontrado" })).toBeVisible();
    await expect(content(page)).toHaveCount(0);
    await page.getByRole("link", { name: "Voltar para o mural" }).click();
    await expect(page).toHaveURL(/\/listarPensamento$/);
  });
}

test("the edit form has no accessibility violation", async ({ page, server, expectNoAxeViolations }) => {
  const [thought] = await server.seed([{ conteudo: "Acessível a todos", autoria: "W3C", modelo: "modelo2" }]);
  await page.goto(`/pensamentos/editarPensamento/${thought?.id}`);
  await expect(content(page)).toHaveValue("Acessível a todos");
  await expectNoAxeViolations();
});
