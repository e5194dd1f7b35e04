import type { Page } from "@playwright/test";
import { apiPaths, type Thought } from "../src/domain/contract";
import { expect, test } from "./support/fixtures";
import { cachedApiUrls, cachedPageUrls, seeWallUnderWorker } from "./support/offline";

test.use({ serviceWorkers: "allow" });

/** Off the wall, or on it: the notice says what the wall shows (issue 42 item 4). */
const OFFLINE_NOTICE = /^Sem conexão/;
const WALL_NOTICE = /^Sem conexão — mostrando 2 pensamentos guardados em \d+ de /;
const KEPT_HERE = "Guardado neste aparelho: será enviado quando a conexão voltar.";

async function storedThoughts(page: Page): Promise<Thought[]> {
  return (await page.request.get("/api/pensamentos?_limit=100")).json();
}

test("a user who reloads the wall without a connection still reads the thoughts seen last, under 'Sem conexão'", async ({
  page,
  context,
  server,
  expectNoAxeViolations,
}) => {
  await server.seed([
    { conteudo: "O primeiro guardado", autoria: "Ana" },
    { conteudo: "O segundo guardado", autoria: "Bia" },
  ]);
  await seeWallUnderWorker(page);
  await expect(page.getByText(OFFLINE_NOTICE)).toHaveCount(0);

  // A minute later, as a real return to the wall would be: the kept page's answers are then older than the
  // app's freshness window, so the hydrated wall wants to read them again.
  await page.clock.install({ time: Date.now() + 60_000 });
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Meu mural" })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(2);
  await expect(page.getByRole("article").filter({ hasText: "O segundo guardado" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: WALL_NOTICE })).toBeVisible();
  await expectNoAxeViolations();
  // Offline that read waits for the connection instead of turning the cards into an error.
  await expect(page.getByText("Não foi possível carregar os pensamentos")).toHaveCount(0);
  await expect(page.getByRole("article")).toHaveCount(2);

  // Back online, the notice goes and the wall is read from the server again.
  await context.setOffline(false);
  await expect(page.getByText(OFFLINE_NOTICE)).toHaveCount(0);
  await server.seed([{ conteudo: "Escrito enquanto estava fora", autoria: "Caio" }]);
  await page.reload();
  await expect(page.getByRole("article").first()).toContainText("Escrito enquanto estava fora");
});

test("a user offline saves a new thought: it waits on this device, marked on the wall, and is sent once back online", async ({
  page,
  context,
  server,
}) => {
  await server.seed([{ conteudo: "Já estava aqui", autoria: "Ana" }]);
  await seeWallUnderWorker(page);

  await context.setOffline(true);
  // A reload first, so the form's code can only come from the worker's precache, not from this page's memory.
  await page.reload();
  await page.getByRole("link", { name: "Novo pensamento" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Adicione um novo pensamento" })).toBeVisible();
  const text = "Escrito no metrô,\nsem sinal nenhum.";
  await page.getByLabel("Pensamento", { exact: true }).fill(text);
  await page.getByLabel("Autoria ou fonte").fill("Eu mesma");
  await page.getByRole("radio", { name: "Modelo 3" }).check();
  await page.getByRole("button", { name: "Salvar" }).click();

  await expect(page.getByRole("status").filter({ hasText: KEPT_HERE })).toBeVisible();
  await expect(page).toHaveURL(/\/listarPensamento$/);
  const waiting = page.getByRole("article").filter({ hasText: "sem sinal nenhum." });
  await expect(waiting).toContainText("Aguardando envio");
  expect((await storedThoughts(page)).map((thought) => thought.conteudo)).toEqual(["Já estava aqui"]);

  await context.setOffline(false);
  await expect(page.getByText("Aguardando envio")).toHaveCount(0);
  await expect(page.getByRole("article").first()).toContainText("sem sinal nenhum.");
  expect((await storedThoughts(page)).map((thought) => thought.conteudo)).toEqual([text, "Já estava aqui"]);
});

test("a user offline edits a thought opened before: the edit waits on this device and is sent once back online", async ({
  page,
  context,
  server,
}) => {
  const [thought] = await server.seed([{ conteudo: "Texto de antes", autoria: "Ana" }]);
  await seeWallUnderWorker(page);
  await page.getByRole("link", { name: "Editar pensamento" }).click();
  await expect(page.getByLabel("Pensamento", { exact: true })).toHaveValue("Texto de antes");
  await expect.poll(() => cachedApiUrls(page)).toContain(`/api/pensamentos/${thought?.id}`);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByLabel("Pensamento", { exact: true })).toHaveValue("Texto de antes");
  await page.getByLabel("Pensamento", { exact: true }).fill("Texto mudado sem conexão");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByRole("status").filter({ hasText: KEPT_HERE })).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: "Texto mudado sem conexão" })).toContainText(
    "Aguardando envio",
  );
  expect((await storedThoughts(page)).map((stored) => stored.conteudo)).toEqual(["Texto de antes"]);

  await context.setOffline(false);
  await expect(page.getByText("Aguardando envio")).toHaveCount(0);
  expect((await storedThoughts(page)).map((stored) => stored.conteudo)).toEqual(["Texto mudado sem conexão"]);
});

test("a user who signs out leaves no thought in the offline copies: offline, the wall shows none", async ({
  page,
  context,
  server,
}) => {
  const password = "uma senha só nossa";
  await server.setPassword(password);
  const [secret] = await server.seed([{ conteudo: "Segredo de quem entrou", autoria: "Ana" }]);
  await page.goto("/listarPensamento");
  await page.getByLabel("Senha").fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("article").filter({ hasText: "Segredo de quem entrou" })).toBeVisible();
  await seeWallUnderWorker(page);
  // Both copies hold the secret before signing out: the wall's page, and the thought's own answer that the
  // edit form read through the worker.
  await page.getByRole("link", { name: "Editar pensamento" }).click();
  await expect(page.getByLabel("Pensamento", { exact: true })).toHaveValue("Segredo de quem entrou");
  await expect.poll(() => cachedApiUrls(page)).toContain(`/api/pensamentos/${secret?.id}`);
  await page.goBack();

  await page.getByRole("button", { name: "Sair" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Entrar" })).toBeVisible();
  expect(await cachedPageUrls(page)).toEqual([]);
  // The session's own answer may be read and kept again once the copies are emptied: it says who is signed
  // in (no one), and holds no thought.
  expect((await cachedApiUrls(page)).filter((url) => url !== apiPaths.session)).toEqual([]);

  await context.setOffline(true);
  await page.goto("/listarPensamento");
  await expect(page.getByRole("status").filter({ hasText: OFFLINE_NOTICE })).toBeVisible();
  await expect(page.getByText("Segredo de quem entrou")).toHaveCount(0);
});
