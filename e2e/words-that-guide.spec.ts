import { expect, test } from "./support/fixtures";
import { forEachScreen } from "./support/screens";

forEachScreen((screen) => {
  const { press } = screen;

  test("a new user finds an empty wall that invites the first thought or an import", async ({
    page,
    expectNoAxeViolations,
  }) => {
    // The server's page already says it, before any script runs.
    const html = await (await page.request.get("/listarPensamento")).text();
    expect(html).toContain("Escreva o primeiro");
    expect(html).toContain("Importar do Kindle, do Keep ou de um arquivo");

    await page.goto("/listarPensamento");
    await expect(page.getByText("Ainda não há pensamentos cadastrados!")).toBeVisible();
    const write = page.getByRole("link", { name: "Escreva o primeiro" });
    const importLink = page.getByRole("link", { name: "Importar do Kindle, do Keep ou de um arquivo" });
    await expect(importLink).toHaveAttribute("href", "/importarExportar");
    await expectNoAxeViolations();

    await expect(async () => {
      await press(write);
      await expect(page).toHaveURL(/\/criarPensamento$/, { timeout: 2_000 });
    }).toPass();
    await expect(page.getByRole("textbox", { name: "Pensamento" })).toBeFocused();
    await page.goBack();
    await press(importLink);
    await expect(page).toHaveURL(/\/importarExportar$/);
    await expect(page.getByRole("heading", { level: 1, name: "Importar e exportar" })).toBeVisible();
  });

  test("a user about to delete a thought reads that it stays in the Lixeira for 30 days", async ({
    page,
    server,
  }) => {
    await server.seed([{ conteudo: "Vai para a lixeira", autoria: "Alguém" }]);
    await page.goto("/listarPensamento");
    await press(page.getByRole("link", { name: "Excluir pensamento" }));
    const dialog = page.getByRole("dialog", { name: "Excluir pensamento" });
    await expect(dialog.getByText("O pensamento será deletado. Confirma a exclusão?")).toBeVisible();
    await expect(dialog.getByText("Ele fica na Lixeira por 30 dias.")).toBeVisible();
  });

  test("a user who signs out reads 'Você saiu.'", async ({ page, server, expectNoAxeViolations }) => {
    await server.setPassword("uma senha só nossa");
    await page.goto("/listarPensamento");
    await page.getByLabel("Senha").fill("uma senha só nossa");
    await press(page.getByRole("button", { name: "Entrar" }));
    await expect(page.getByRole("heading", { level: 1, name: "Meu mural" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Você saiu." })).toHaveCount(0);

    // On a phone 'Sair' is in the menu.
    if (screen.touch) await press(page.getByRole("button", { name: "Menu" }));
    await press(page.getByRole("button", { name: "Sair" }));
    await expect(page.getByRole("heading", { level: 1, name: "Entrar" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Você saiu." })).toBeVisible();
    await expectNoAxeViolations();
  });
});
