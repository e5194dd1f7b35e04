import type { Page, Route } from "@playwright/test";
import { thoughtInput } from "../test-support/thought-factory";
import { expect, test } from "./support/fixtures";

/** The chunk of the forms, the dialogs and the other screens the wall opens on demand. */
const formsChunk = "**/assets/forms-*.js";

const newThought = (page: Page) => page.getByRole("link", { name: "Novo pensamento" });
const failure = (page: Page) =>
  page.getByRole("main").getByRole("heading", { level: 1, name: "Algo deu errado" });

test("a user whose screen's code cannot be fetched sees why, inside the header and footer; Back and Recarregar recover", async ({
  page,
  server,
  expectNoAxeViolations,
}) => {
  await server.seed([{ conteudo: "Ainda aqui depois do erro", autoria: "Mural" }]);
  let asked = 0;
  await page.route(formsChunk, (route) => {
    asked++;
    return route.abort("connectionrefused");
  });
  await page.goto("/listarPensamento");
  await expect(page.getByRole("article")).toHaveCount(1);

  await newThought(page).click();
  await expect(page).toHaveURL(/\/criarPensamento$/);
  await expect(failure(page)).toBeVisible();
  await expect(failure(page)).toBeFocused();
  await expect(page.getByText(/Não foi possível carregar esta tela/)).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(page).toHaveTitle("Algo deu errado · Memoteca");
  // Tried twice before giving up (more when a hover or an idle moment prefetched it too).
  expect(asked).toBeGreaterThanOrEqual(2);
  await expectNoAxeViolations();

  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Meu mural" })).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: "Ainda aqui depois do erro" })).toBeVisible();

  await newThought(page).click();
  await expect(failure(page)).toBeVisible();
  await page.unroute(formsChunk);
  await page.getByRole("button", { name: "Recarregar" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Adicione um novo pensamento" })).toBeVisible();
  await expect(page).toHaveURL(/\/criarPensamento$/);
});

test("a user whose screen fails to load goes back to the wall with 'Voltar ao mural'", async ({ page }) => {
  await page.route(formsChunk, (route) => route.abort("connectionrefused"));
  await page.goto("/listarPensamento");
  await newThought(page).click();
  await expect(failure(page)).toBeVisible();
  await page.getByRole("link", { name: "Voltar ao mural" }).click();
  await expect(page).toHaveURL(/\/listarPensamento$/);
  await expect(page.getByRole("heading", { level: 1, name: "Meu mural" })).toBeVisible();
});

test("a screen whose code fails once is fetched again and opens, without a message", async ({ page }) => {
  let asked = 0;
  await page.route(formsChunk, (route) =>
    ++asked === 1 ? route.abort("connectionreset") : route.fallback(),
  );
  await page.goto("/criarPensamento");
  await expect(page.getByRole("heading", { level: 1, name: "Adicione um novo pensamento" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Algo deu errado" })).toHaveCount(0);
  expect(asked).toBe(2);
});

test("the wall fetches the other screens' code once it has drawn its cards and is idle, not before", async ({
  page,
  server,
}) => {
  await server.seed([thoughtInput()]);
  const chunks: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/forms-.*\.js$/.test(request.url())) chunks.push(request.url());
  });
  const prefetched = page.waitForRequest(/\/assets\/forms-.*\.js$/);
  await page.goto("/listarPensamento");
  await expect(page.getByRole("article")).toHaveCount(1);
  expect(chunks).toEqual([]);
  await prefetched;
});

test("pointing at a link to a form fetches its code, even before the wall is idle", async ({ page }) => {
  // The wall's list never answers, so the wall is never idle: only the pointer can ask for the code.
  await page.route("/api/pensamentos?**", () => {});
  await page.goto("/listarPensamento");
  const prefetched = page.waitForRequest(/\/assets\/forms-.*\.js$/);
  await newThought(page).hover();
  await prefetched;
});

/** Holds every request for the forms' code until `release()`, as a slow network does. */
async function holdFormsChunk(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(formsChunk, async (route: Route) => {
    await held;
    await route.fallback();
  });
  return { release };
}

test("a screen whose code is on its way shows a styled 'Carregando…' under its own tab title", async ({
  page,
  server,
  expectNoAxeViolations,
}) => {
  const [thought] = await server.seed([{ conteudo: "Devagar", autoria: "Rede lenta" }]);
  const chunk = await holdFormsChunk(page);
  await page.goto(`/pensamentos/editarPensamento/${thought?.id}`);
  const loading = page.getByRole("status");
  await expect(loading).toHaveText("Carregando…");
  await expect(page).toHaveTitle("Editar pensamento · Memoteca");
  await expect(loading).toHaveCSS("opacity", "1");
  await expectNoAxeViolations();
  chunk.release();
  await expect(page.getByRole("textbox", { name: "Pensamento" })).toHaveValue("Devagar");
  await expect(page).toHaveTitle("Editar pensamento · Memoteca");
});

test("the not-found screens share one design and have no accessibility violation", async ({
  page,
  expectNoAxeViolations,
}) => {
  await page.goto("/nao-existe");
  const pageNotFound = page.getByRole("heading", { level: 1, name: "Página não encontrada" });
  await expect(pageNotFound).toBeVisible();
  await expectNoAxeViolations();
  const panelClass = await pageNotFound.evaluate((heading) => heading.parentElement?.className);

  await page.goto("/pensamentos/editarPensamento/999999");
  const thoughtNotFound = page.getByRole("heading", { level: 1, name: "Pensamento não encontrado" });
  await expect(thoughtNotFound).toBeVisible();
  await expectNoAxeViolations();
  expect(await thoughtNotFound.evaluate((heading) => heading.parentElement?.className)).toBe(panelClass);

  await page.goto("/pensamentos/excluirPensamento/999999");
  await expect(page.getByRole("dialog", { name: "Pensamento não encontrado" })).toBeVisible();
  await expectNoAxeViolations();
});
