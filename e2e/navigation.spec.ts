import { expect, test } from "./support/fixtures";

test("a user opening the site lands on the wall", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/listarPensamento$/);
  await expect(page.getByRole("heading", { level: 1, name: "Meu mural" })).toBeVisible();
  await expect(page.getByRole("banner")).toContainText(
    "Guarde trechos de músicas, citações de livros, pensamentos e suas melhores ideias.",
  );
  await expect(page.getByRole("contentinfo")).toHaveText("© 2022 Memoteca. Todos os direitos reservados.");
});

test("a user reloading any route stays on it", async ({ page, server }) => {
  const conteudo = "Recarregar não pode perder a página";
  const [thought] = await server.seed([{ conteudo, autoria: "Teste" }]);
  const editPath = `/pensamentos/editarPensamento/${thought?.id}`;
  const routes: [string, RegExp][] = [
    ["/listarPensamento", /Meu mural/],
    ["/criarPensamento", /Adicione um novo pensamento/],
    [editPath, /^Editar pensamento$/],
    [`/pensamentos/excluirPensamento/${thought?.id}`, /Meu mural/],
  ];
  for (const [path, heading] of routes) {
    await page.goto(path);
    await page.reload();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole("heading", { level: 1 }).first()).toHaveText(heading);
    if (path === editPath) {
      // While loading, the page already has this heading: the filled form shows the thought came back.
      await expect(page.getByRole("textbox", { name: "Pensamento" })).toHaveValue(conteudo);
    }
  }
});

test("a user opening an unknown address sees 'Página não encontrada' and can go back to the wall", async ({
  page,
}) => {
  await page.goto("/nao-existe/mesmo");
  await expect(page.getByRole("heading", { level: 1, name: "Página não encontrada" })).toBeVisible();
  await expect(page.getByText("O endereço que você abriu não existe na Memoteca.")).toBeVisible();
  await page.getByRole("link", { name: "Voltar para o mural" }).click();
  await expect(page).toHaveURL(/\/listarPensamento$/);
});

test("the page loads no script inline and nothing from another origin", async ({ page, baseURL }) => {
  const origins = new Set<string>();
  page.on("request", (request) => {
    origins.add(new URL(request.url()).origin);
  });
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const response = await page.goto("/listarPensamento");
  expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect([...origins]).toEqual([new URL(baseURL ?? "").origin]);
  expect(errors).toEqual([]);
});
