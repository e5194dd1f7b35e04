import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { waitUntilControlled } from "./support/offline";

const cards = (page: Page) => page.getByRole("article");
const picker = (page: Page) => page.getByRole("combobox", { name: "Ordenar por" });
/** The authors of the cards shown, in order. */
const authors = (page: Page) =>
  cards(page)
    .getByRole("link", { name: /^Ver pensamentos de / })
    .allTextContents();

const quote = {
  conteudo: "Capitu, olhos de ressaca.",
  autoria: "Machado de Assis",
  fonte: "Dom Casmurro",
  local: "posição 1234",
  nota: "Lido no ônibus, voltando da faculdade.",
};

/** Added in this order (the last the newest); the wall shows them newest first. */
const library = [
  { conteudo: "O poeta é um fingidor.", autoria: "Fernando Pessoa", fonte: "Mensagem" },
  { conteudo: "No meio do caminho tinha uma pedra.", autoria: "Carlos Drummond", fonte: "Alguma poesia" },
  { conteudo: "Eu sei, mas não devia.", autoria: "Marina Colasanti", fonte: "" },
  { conteudo: "Tudo no mundo começou com um sim.", autoria: "Clarice Lispector", fonte: "A hora da estrela" },
];

for (const screen of [
  { name: "a wide screen", viewport: { width: 1280, height: 800 }, touch: false },
  { name: "a phone", viewport: { width: 390, height: 844 }, touch: true },
]) {
  test.describe(`on ${screen.name}`, () => {
    test.use({ viewport: screen.viewport, hasTouch: screen.touch });
    const press = (target: Locator) => (screen.touch ? target.tap() : target.click());

    test("a reader sees where a quote comes from and when it was added, and opens its note by hand and by keyboard", async ({
      page,
      server,
      expectNoAxeViolations,
    }) => {
      const [saved] = await server.seed([quote]);
      await page.goto("/listarPensamento");
      const card = cards(page).filter({ hasText: quote.conteudo });

      const source = card.getByRole("link", { name: "Ver pensamentos da fonte Dom Casmurro" });
      await expect(source).toHaveAttribute(
        "href",
        `/fontes/Dom%20Casmurro?autoria=${encodeURIComponent(quote.autoria)}`,
      );
      await expect(source).toHaveCSS("font-style", "italic");
      await expect(card.getByText(quote.local)).toBeVisible();
      // Under the author: the source's line starts below the author's.
      const authorBox = await card
        .getByRole("link", { name: "Ver pensamentos de Machado de Assis" })
        .boundingBox();
      const sourceBox = await source.boundingBox();
      expect(sourceBox?.y).toBeGreaterThan((authorBox?.y ?? 0) + (authorBox?.height ?? 0) - 1);

      // The day it was added, in pt-BR, and its whole instant.
      const added = card.locator("time");
      await expect(added).toHaveAttribute("datetime", saved?.criadoEm ?? "");
      await expect(added).toHaveText(/^\d{1,2} de [a-zç]{3}\. de \d{4}$/);
      await expect(added).toHaveAttribute("title", /\d{4} às \d{2}:\d{2}:\d{2}/);

      const toggle = card.getByRole("button", { name: "Nota" });
      const note = card.getByText(quote.nota);
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expect(note).toBeHidden();
      await press(toggle);
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      await expect(note).toBeVisible();
      await expectNoAxeViolations();

      await toggle.focus();
      await page.keyboard.press("Enter");
      await expect(note).toBeHidden();
      await page.keyboard.press("Space");
      await expect(note).toBeVisible();
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
    });

    test("a reader who orders the wall by author finds that order again after a reload, and Back returns to the newest first", async ({
      page,
      server,
      expectNoAxeViolations,
    }) => {
      await server.seed(library);
      await page.goto("/listarPensamento");
      await expect(cards(page)).toHaveCount(4);
      await expect(picker(page)).toHaveValue("recentes");
      expect(await authors(page)).toEqual([
        "Clarice Lispector",
        "Marina Colasanti",
        "Carlos Drummond",
        "Fernando Pessoa",
      ]);

      await picker(page).selectOption({ label: "Autor (A–Z)" });
      await expect(page).toHaveURL(/\/listarPensamento\?ordem=autor$/);
      await expect
        .poll(() => authors(page))
        .toEqual(["Carlos Drummond", "Clarice Lispector", "Fernando Pessoa", "Marina Colasanti"]);
      await expectNoAxeViolations();

      await page.reload();
      await expect(picker(page)).toHaveValue("autor");
      expect(await authors(page)).toEqual([
        "Carlos Drummond",
        "Clarice Lispector",
        "Fernando Pessoa",
        "Marina Colasanti",
      ]);

      await page.goBack();
      await expect(page).toHaveURL(/\/listarPensamento$/);
      await expect(picker(page)).toHaveValue("recentes");
      await expect
        .poll(() => authors(page))
        .toEqual(["Clarice Lispector", "Marina Colasanti", "Carlos Drummond", "Fernando Pessoa"]);
    });
  });
}

test("a reader opening an ordered wall's address gets those cards from the server, in that order", async ({
  page,
  server,
}) => {
  await server.seed(library);
  // The page as the server sends it, before any script: its cards (articles; the day's thought is a
  // figure apart) already in the order asked for.
  const cardsSent = async (address: string) =>
    ((await (await page.request.get(address)).text()).match(/<article[\s\S]*?<\/article>/g) ?? []).map(
      (card) => library.find((thought) => card.includes(thought.conteudo))?.autoria,
    );
  expect(await cardsSent("/listarPensamento?ordem=antigos")).toEqual(
    library.map((thought) => thought.autoria),
  );
  // By source: those without one first (code point order puts the empty text first), then A to Z.
  expect(await cardsSent("/listarPensamento?ordem=fonte")).toEqual([
    "Marina Colasanti",
    "Clarice Lispector",
    "Carlos Drummond",
    "Fernando Pessoa",
  ]);

  // Hydrated, the browser keeps what the server drew, without asking the API again.
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const listReads: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/pensamentos") listReads.push(request.url());
  });
  await page.goto("/listarPensamento?ordem=antigos");
  await expect(picker(page)).toHaveValue("antigos");
  await expect(cards(page).first()).toContainText("O poeta é um fingidor.");
  expect(errors).toEqual([]);
  expect(listReads).toEqual([]);
});

test("a reader searching sees the order wait with its reason, and find it again once the search is cleared", async ({
  page,
  server,
}) => {
  await server.seed(library);
  await page.goto("/listarPensamento?ordem=autor");
  await page.getByRole("searchbox", { name: "O que você procura" }).pressSequentially("poeta");
  await expect(picker(page)).toBeDisabled();
  await expect(picker(page)).toHaveAccessibleDescription("A busca mostra os mais recentes primeiro.");
  await expect(page).toHaveURL(/q=poeta&ordem=autor$/);
  await expect(cards(page)).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(picker(page)).toBeEnabled();
  await expect(picker(page)).toHaveValue("autor");
  await expect
    .poll(() => authors(page))
    .toEqual(["Carlos Drummond", "Clarice Lispector", "Fernando Pessoa", "Marina Colasanti"]);
});

test.describe("without a connection", () => {
  test.use({ serviceWorkers: "allow" });

  test("a reader who reloads an ordered wall offline still reads it, in its order", async ({
    page,
    context,
    server,
  }) => {
    await server.seed(library);
    await page.goto("/listarPensamento?ordem=autor");
    await waitUntilControlled(page);
    await page.reload();
    await expect(cards(page)).toHaveCount(4);

    await page.clock.install({ time: Date.now() + 60_000 });
    await context.setOffline(true);
    await page.reload();
    await expect(picker(page)).toHaveValue("autor");
    await expect(cards(page)).toHaveCount(4);
    expect(await authors(page)).toEqual([
      "Carlos Drummond",
      "Clarice Lispector",
      "Fernando Pessoa",
      "Marina Colasanti",
    ]);
  });
});
