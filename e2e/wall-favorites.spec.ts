import type { Page } from "@playwright/test";
import { thoughtInput } from "../test-support/thought-factory";
import { expect, test } from "./support/fixtures";

const favoriteOf = (page: Page, author: string) =>
  page.getByRole("article", { name: `Pensamento de ${author}` }).getByRole("button", { name: "Favorito" });

test("a user marks a thought as favorite and finds it in Meus favoritos", { tag: "@storage" }, async ({
  page,
  server,
  expectNoAxeViolations,
}) => {
  await server.seed([
    { conteudo: "Fica comigo", autoria: "Favorita" },
    { conteudo: "Passa reto", autoria: "Comum" },
  ]);
  await page.goto("/listarPensamento");
  await expect(favoriteOf(page, "Favorita")).toHaveAttribute("aria-pressed", "false");
  await favoriteOf(page, "Favorita").click();
  await expect(favoriteOf(page, "Favorita")).toHaveAttribute("aria-pressed", "true");

  await page.getByRole("button", { name: "Meus favoritos" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Meus favoritos" })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("article")).toContainText("Fica comigo");
  await expectNoAxeViolations();

  await page.reload();
  await page.getByRole("button", { name: "Meus favoritos" }).click();
  await expect(page.getByRole("article")).toHaveCount(1);
});

test("a user with no favorite yet is told so", async ({ page, server, expectNoAxeViolations }) => {
  await server.seed([thoughtInput()]);
  await page.goto("/listarPensamento");
  await page.getByRole("button", { name: "Meus favoritos" }).click();
  await expect(page.getByText("Você ainda não marcou nenhum favorito.")).toBeVisible();
  await expectNoAxeViolations();
});

test("a user unmarking favorites loses no thought when loading more", { tag: "@storage" }, async ({
  page,
  server,
}) => {
  await server.seed(
    Array.from({ length: 8 }, (_, i) => ({
      conteudo: `Favorito ${i + 1}`,
      autoria: `Autor ${i + 1}`,
      favorito: true,
    })),
  );
  await page.goto("/listarPensamento");
  await page.getByRole("button", { name: "Meus favoritos" }).click();
  await expect(page.getByRole("article")).toHaveCount(6);
  await favoriteOf(page, "Autor 8").click();
  await expect(page.getByRole("article", { name: "Pensamento de Autor 8" })).toHaveCount(0);
  await expect(page.getByRole("article")).toHaveCount(6);
  await page.getByRole("button", { name: "Carregar mais" }).click();
  await expect(page.getByText("Não há mais pensamentos para exibir")).toBeVisible();
  const authors = await page
    .getByRole("article")
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute("aria-label")));
  expect(authors).toEqual([7, 6, 5, 4, 3, 2, 1].map((n) => `Pensamento de Autor ${n}`));
});

test("a user whose favorite change fails sees it undone, is told why, and can try again", async ({
  page,
  server,
}) => {
  await server.seed([{ conteudo: "Tentativa", autoria: "Persistente" }]);
  await page.route(
    (url) => url.pathname.startsWith("/api/pensamentos/"),
    (route) =>
      route.request().method() === "PATCH"
        ? route.fulfill({ status: 503, contentType: "application/json", body: "{}" })
        : route.continue(),
  );
  await page.goto("/listarPensamento");
  await favoriteOf(page, "Persistente").click();
  // Said on the card itself, where the user is looking.
  await expect(
    page.getByRole("article", { name: "Pensamento de Persistente" }).getByRole("alert"),
  ).toHaveText("Não foi possível marcar como favorito. Erro no servidor.");
  await expect(favoriteOf(page, "Persistente")).toHaveAttribute("aria-pressed", "false");

  await page.unrouteAll();
  await page.getByRole("button", { name: "Tentar de novo" }).click();
  await expect(favoriteOf(page, "Persistente")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("alert")).toHaveCount(0);
});
