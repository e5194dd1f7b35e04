import { expect, test } from "./support/fixtures";

const box = (page: import("@playwright/test").Page) =>
  page.getByRole("searchbox", { name: "O que você procura" });

test("a user searches from the third letter, accents and case aside, and sees the match marked", {
  tag: "@storage",
}, async ({ page, server }) => {
  await server.seed([
    { conteudo: "O Coração tem razões que a própria razão desconhece.", autoria: "Blaise Pascal" },
    { conteudo: "Sonho que se sonha só", autoria: "Raul Seixas" },
  ]);
  await page.goto("/listarPensamento");
  await expect(box(page)).toHaveAttribute("placeholder", "O que você procura");
  await expect(page.getByRole("article")).toHaveCount(2);

  await box(page).pressSequentially("co");
  await expect(page.getByText("Digite ao menos 3 letras para buscar.")).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(2);

  await box(page).pressSequentially("racao");
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("article").locator("mark")).toHaveText("Coração");

  await box(page).press("Control+a");
  await box(page).press("Backspace");
  await expect(page.getByRole("article")).toHaveCount(2);
});

test("a user searching by author finds the author's thoughts", { tag: "@storage" }, async ({
  page,
  server,
}) => {
  await server.seed([
    { conteudo: "Sonho que se sonha só", autoria: "Raul Seixas" },
    { conteudo: "Outra coisa", autoria: "Alguém" },
  ]);
  await page.goto("/listarPensamento");
  await box(page).pressSequentially("  SEIXAS ");
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("article").locator("mark")).toHaveText("Seixas");
});

test("a user who finds nothing is told so in the search's own words", { tag: "@storage" }, async ({
  page,
  server,
  expectNoAxeViolations,
}) => {
  await server.seed([{ conteudo: "Nada a ver", autoria: "Ninguém" }]);
  await page.goto("/listarPensamento");
  await box(page).pressSequentially("xyz");
  await expect(page.getByText("Nenhum pensamento encontrado para “xyz”.")).toBeVisible();
  await expectNoAxeViolations();
});

test("a user typing fast never sees an older, slower answer replace the newer one", async ({
  page,
  server,
}) => {
  await server.seed([
    { conteudo: "amor antigo", autoria: "Primeira" },
    { conteudo: "amora madura", autoria: "Segunda" },
  ]);
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  let slowDone = () => {};
  const slowFinished = new Promise<void>((resolve) => (slowDone = resolve));
  await page.route(
    (url) => url.pathname === "/api/pensamentos" && url.searchParams.get("q") === "amo",
    async (route) => {
      await gate;
      // The wall may already have aborted it; either way the answer must not reach the screen.
      await route.continue().catch(() => undefined);
      slowDone();
    },
  );
  await page.goto("/listarPensamento");
  await expect(page.getByRole("article")).toHaveCount(2);
  // Keys that come within one frame are drawn (and asked for) once, as the last of them: the user pauses
  // after "amo" just long enough for its request to leave, then types on while it is held.
  const slowAsked = page.waitForRequest((request) => new URL(request.url()).searchParams.get("q") === "amo");
  await box(page).pressSequentially("amo");
  await slowAsked;
  await box(page).pressSequentially("ra");
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("article")).toContainText("amora madura");
  release();
  await slowFinished;
  // One more frame, in which a late answer would have been drawn.
  await page.evaluate("new Promise((resolve) => requestAnimationFrame(() => resolve(null)))");
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("article")).toContainText("amora madura");
});
