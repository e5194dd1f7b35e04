import { expect, test } from "./support/fixtures";

const ARTICLE = "https://exemplo.com.br/artigo";
const LONG = `https://exemplo.com.br/${"caminho-muito-comprido/".repeat(8)}fim`;

test("a user clicks an address in a thought and lands on that page; Back returns to the wall", async ({
  page,
  server,
  expectNoAxeViolations,
}) => {
  await server.seed([{ conteudo: `Li um texto ótimo (${ARTICLE}).`, autoria: "Ana" }]);
  await page.route("https://exemplo.com.br/**", (route) =>
    route.fulfill({
      contentType: "text/html; charset=utf-8",
      body: "<!doctype html><html lang='pt-BR'><title>Artigo</title><h1>O artigo lá fora</h1></html>",
    }),
  );
  const hydrationErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") hydrationErrors.push(message.text());
  });

  await page.goto("/listarPensamento");
  const card = page.getByRole("article").filter({ hasText: "Li um texto ótimo" });
  const link = card.getByRole("link", { name: ARTICLE });
  // In the server's HTML already, as the browser hydrates it.
  expect(await (await page.request.get("/listarPensamento")).text()).toContain(`href="${ARTICLE}"`);
  await expect(link).toHaveAttribute("href", ARTICLE);
  await expect(card).toContainText(`Li um texto ótimo (${ARTICLE}).`);
  await expectNoAxeViolations();

  await link.click();
  await expect(page).toHaveURL(ARTICLE);
  await expect(page.getByRole("heading", { name: "O artigo lá fora" })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("article").filter({ hasText: "Li um texto ótimo" })).toBeVisible();
  expect(hydrationErrors).toEqual([]);
});

test("a search marks its match inside an address, which stays one link", async ({ page, server }) => {
  await server.seed([{ conteudo: `Ver ${ARTICLE} depois`, autoria: "Ana" }]);
  await page.goto("/listarPensamento?q=exemplo");
  const link = page.getByRole("article").getByRole("link", { name: ARTICLE });
  await expect(link.locator("mark")).toHaveText("exemplo");
  await expect(page.getByRole("article").getByRole("link", { name: /exemplo/ })).toHaveCount(1);
});

test("on a phone, a long address wraps inside its card instead of widening the page", async ({
  page,
  server,
  expectNoAxeViolations,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await server.seed([{ conteudo: `Guardar: ${LONG}`, autoria: "Ana" }]);
  await page.goto("/listarPensamento");
  const link = page.getByRole("article").getByRole("link", { name: LONG });
  await expect(link).toBeVisible();
  const card = await page.getByRole("article").boundingBox();
  const box = await link.boundingBox();
  expect(box && card && box.x + box.width <= card.x + card.width).toBe(true);
  expect(await page.evaluate<boolean>("document.documentElement.scrollWidth <= window.innerWidth")).toBe(
    true,
  );
  await expectNoAxeViolations();
});
