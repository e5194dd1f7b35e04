import type { BrowserContext, Page } from "@playwright/test";
import { apiPaths } from "../src/domain/contract";
import { expect, test } from "./support/fixtures";
import { allowQuietReturn, comeBackUnannounced, seeWallUnderWorker } from "./support/offline";
import type { TestServer } from "./support/test-server";

test.use({ serviceWorkers: "allow" });

/** Off the wall the notice says only this; on it, what it shows (issue 42 item 4). */
const OFFLINE_NOTICE = /^Sem conexão/;

/** Two thoughts, one about the sea; the wall seen once under the worker; then no connection. */
async function offlineWithTwoThoughts(
  page: Page,
  context: BrowserContext,
  server: TestServer,
): Promise<void> {
  await server.seed([
    { conteudo: "Um poema sobre o mar", autoria: "Ana" },
    { conteudo: "Lista de compras", autoria: "Bia" },
  ]);
  await allowQuietReturn(page);
  await seeWallUnderWorker(page);
  await context.setOffline(true);
}

for (const screen of [
  { name: "a wide screen", viewport: { width: 1280, height: 720 } },
  { name: "a phone", viewport: { width: 390, height: 844 } },
]) {
  test.describe(`on ${screen.name}`, () => {
    test.use({ viewport: screen.viewport });

    test("a user offline opens the Lixeira and is told it needs the connection; 'Tentar de novo' shows it once back", async ({
      page,
      context,
      server,
      expectNoAxeViolations,
    }) => {
      const [trashed] = await server.seed([
        { conteudo: "Jogado fora ontem", autoria: "Ana" },
        { conteudo: "Ainda no mural", autoria: "Bia" },
      ]);
      await server.store.thoughts.remove(trashed?.id ?? 0);
      await allowQuietReturn(page);
      await seeWallUnderWorker(page);

      await context.setOffline(true);
      await page.goto("/lixeira");
      await expect(page.getByRole("heading", { level: 1, name: "Lixeira" })).toBeVisible();
      const alert = page.getByRole("alert");
      await expect(alert).toContainText("A lixeira precisa de conexão");
      await expect(page.getByText("Carregando a lixeira…")).toHaveCount(0);
      await expect(page.getByRole("status").filter({ hasText: OFFLINE_NOTICE })).toBeVisible();
      await expectNoAxeViolations();

      // Asked again while still offline, it says the same at once rather than loading. (Waited for: a read
      // still on its way when the connection comes back would succeed, and leave nothing to try again.)
      const askedAgain = page.waitForEvent("requestfailed", (request) =>
        new URL(request.url()).pathname.startsWith(apiPaths.trash),
      );
      await alert.getByRole("button", { name: "Tentar de novo" }).click();
      await askedAgain;
      await expect(page.getByRole("alert")).toContainText("A lixeira precisa de conexão");

      await comeBackUnannounced(context, page);
      await page.getByRole("alert").getByRole("button", { name: "Tentar de novo" }).click();
      await expect(page.getByRole("article").filter({ hasText: "Jogado fora ontem" })).toBeVisible();
      await expect(page.getByRole("alert")).toHaveCount(0);
    });

    test("a user offline opens a search address and is told the search needs the connection; 'Tentar de novo' finds once back", async ({
      page,
      context,
      server,
      expectNoAxeViolations,
    }) => {
      await offlineWithTwoThoughts(page, context, server);
      await page.goto("/listarPensamento?q=poema");
      const alert = page.getByRole("alert");
      await expect(alert).toContainText("A busca precisa de conexão");
      await expect(page.getByRole("article")).toHaveCount(0);
      await expect(page.getByRole("searchbox")).toHaveValue("poema");
      await expectNoAxeViolations();

      await comeBackUnannounced(context, page);
      await alert.getByRole("button", { name: "Tentar de novo" }).click();
      await expect(page.getByRole("article")).toHaveCount(1);
      await expect(page.getByRole("article")).toContainText("Um poema sobre o mar");
      await expect(page.getByRole("alert")).toHaveCount(0);
    });

    test("a user who types a search offline is told it needs the connection, not left with the old cards; back online it finds", async ({
      page,
      context,
      server,
      expectNoAxeViolations,
    }) => {
      await offlineWithTwoThoughts(page, context, server);
      await expect(page.getByRole("status").filter({ hasText: OFFLINE_NOTICE })).toBeVisible();
      await page.getByRole("searchbox").pressSequentially("poema");
      const alert = page.getByRole("alert");
      await expect(alert).toContainText("A busca precisa de conexão");
      await expect(page.getByRole("article")).toHaveCount(0);
      await expectNoAxeViolations();

      await comeBackUnannounced(context, page);
      await alert.getByRole("button", { name: "Tentar de novo" }).click();
      await expect(page.getByRole("article")).toHaveCount(1);
      await expect(page.getByRole("article")).toContainText("Um poema sobre o mar");
    });
  });
}

test("a user whose connection comes back sees the Lixeira by itself", async ({ page, context, server }) => {
  const [trashed] = await server.seed([{ conteudo: "Jogado fora ontem", autoria: "Ana" }]);
  await server.seed([{ conteudo: "Ainda no mural", autoria: "Bia" }]);
  await server.store.thoughts.remove(trashed?.id ?? 0);
  await seeWallUnderWorker(page);

  await context.setOffline(true);
  await page.goto("/lixeira");
  await expect(page.getByRole("alert")).toContainText("A lixeira precisa de conexão");
  await context.setOffline(false);
  await expect(page.getByRole("article").filter({ hasText: "Jogado fora ontem" })).toBeVisible();
  await expect(page.getByText(OFFLINE_NOTICE)).toHaveCount(0);
});
