import { thoughtInput } from "../test-support/thought-factory";
import { expect, test } from "./support/fixtures";

const cards = (page: import("@playwright/test").Page) => page.getByRole("article");

test("a user with an empty wall is told there are no thoughts yet", async ({
  page,
  expectNoAxeViolations,
}) => {
  await page.goto("/listarPensamento");
  await expect(page.getByRole("heading", { level: 1, name: "Meu mural" })).toBeVisible();
  await expect(page.getByText("Ainda não há pensamentos cadastrados!")).toBeVisible();
  await expect(page.getByRole("button", { name: "Carregar mais" })).toHaveCount(0);
  await expectNoAxeViolations();
});

test("a user sees each thought as a card with its author and its line breaks, newest first", {
  tag: "@storage",
}, async ({ page, server, expectNoAxeViolations }) => {
  await server.seed([
    { conteudo: "Tudo vale a pena\nse a alma não é pequena.", autoria: "Fernando Pessoa", modelo: "modelo1" },
    { conteudo: "O coração tem razões que a razão desconhece.", autoria: "Blaise Pascal", modelo: "modelo3" },
  ]);
  await page.goto("/listarPensamento");
  await expect(cards(page)).toHaveCount(2);
  await expect(cards(page).first()).toContainText("Blaise Pascal");
  const pessoa = page.getByRole("article", { name: "Pensamento de Fernando Pessoa" });
  await expect(pessoa.getByText("Tudo vale a pena")).toHaveText("Tudo vale a pena\nse a alma não é pequena.");
  await expect(pessoa.getByText("Fernando Pessoa")).toHaveCSS("font-weight", "700");
  await expect(page.getByText("Não há mais pensamentos para exibir")).toBeVisible();
  await expectNoAxeViolations();
});

test("a user sees each card at its own height, a short one beside a tall one in the same row", async ({
  page,
  server,
}) => {
  await server.seed([
    { conteudo: "Uma linha.", autoria: "Curto" },
    { conteudo: "Uma linha\ne outra\ne mais outra\ne ainda outra\ne a última.", autoria: "Alto" },
  ]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/listarPensamento");
  const short = await page.getByRole("article", { name: "Pensamento de Curto" }).boundingBox();
  const tall = await page.getByRole("article", { name: "Pensamento de Alto" }).boundingBox();
  expect(short?.y).toBe(tall?.y);
  expect((short?.height ?? 0) + 40).toBeLessThan(tall?.height ?? 0);
});

test("a user sees a card wide when its text is longer than 256 characters", async ({ page, server }) => {
  await server.seed([
    { conteudo: "x".repeat(257), autoria: "Texto longo" },
    { conteudo: "y".repeat(256), autoria: "Texto curto" },
  ]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/listarPensamento");
  const long = page.getByRole("article", { name: "Pensamento de Texto longo" });
  const short = page.getByRole("article", { name: "Pensamento de Texto curto" });
  expect((await long.boundingBox())?.width).toBe(556);
  expect((await short.boundingBox())?.width).toBe(262);

  // Under 768px a wide card takes the whole width; a narrow one keeps 262px until 426px.
  await page.setViewportSize({ width: 600, height: 900 });
  const main = (await page.getByRole("main").boundingBox())?.width ?? 0;
  expect((await long.boundingBox())?.width).toBeGreaterThan(262);
  expect((await long.boundingBox())?.width).toBeLessThan(main);
  expect((await short.boundingBox())?.width).toBe(262);
});

test("a user pages through the wall 6 at a time until nothing more is left", { tag: "@storage" }, async ({
  page,
  server,
}) => {
  await server.seed(Array.from({ length: 14 }, (_, i) => ({ conteudo: `Pensamento ${i + 1}` })));
  await page.goto("/listarPensamento");
  await expect(cards(page)).toHaveCount(6);
  await expect(cards(page).first()).toContainText("Pensamento 14");
  await page.getByRole("button", { name: "Carregar mais" }).click();
  await expect(cards(page)).toHaveCount(12);
  await page.getByRole("button", { name: "Carregar mais" }).click();
  await expect(cards(page)).toHaveCount(14);
  await expect(cards(page).last()).toContainText("Pensamento 1");
  await expect(page.getByText("Não há mais pensamentos para exibir")).toBeVisible();
  await expect(page.getByRole("button", { name: "Carregar mais" })).toHaveCount(0);
});

test("a user goes back to the first page of the whole wall with 'Meu Mural'", { tag: "@storage" }, async ({
  page,
  server,
}) => {
  await server.seed(Array.from({ length: 8 }, (_, i) => ({ conteudo: `Pensamento ${i + 1}` })));
  await page.goto("/listarPensamento");
  await page.getByRole("button", { name: "Carregar mais" }).click();
  await expect(cards(page)).toHaveCount(8);
  await page.getByRole("searchbox", { name: "O que você procura" }).pressSequentially("Pensamento 8");
  await expect(cards(page)).toHaveCount(1);
  await page.getByRole("button", { name: "Meu Mural" }).click();
  await expect(page.getByRole("searchbox", { name: "O que você procura" })).toHaveValue("");
  await expect(cards(page)).toHaveCount(6);
  await expect(page.getByRole("button", { name: "Carregar mais" })).toBeVisible();
});

test("a user reaches the form, the editor and the delete confirmation from the wall", async ({
  page,
  server,
}) => {
  const [thought] = await server.seed([thoughtInput()]);
  await page.goto("/listarPensamento");
  await page.getByRole("link", { name: "Novo pensamento" }).click();
  await expect(page).toHaveURL(/\/criarPensamento$/);
  await page.goBack();
  await page.getByRole("link", { name: "Editar pensamento" }).click();
  await expect(page).toHaveURL(new RegExp(`/pensamentos/editarPensamento/${thought?.id}$`));
  await page.goBack();
  await page.getByRole("link", { name: "Excluir pensamento" }).click();
  await expect(page).toHaveURL(new RegExp(`/pensamentos/excluirPensamento/${thought?.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Meu mural" })).toBeAttached();
});

test("a user whose wall fails to load is told so and can try again", async ({ page, server }) => {
  await server.seed([{ conteudo: "Voltei!", autoria: "Servidor" }]);
  let failing = true;
  await page.route(
    (url) => url.pathname === "/api/pensamentos",
    (route) => (failing ? route.fulfill({ status: 503, body: "" }) : route.continue()),
  );
  // The wall's first page comes rendered with the page itself: the browser asks for it when the user
  // arrives from another screen.
  await page.goto("/lixeira");
  await page.getByRole("link", { name: "Memoteca, ir para o mural" }).click();
  await expect(page.getByRole("alert")).toContainText("Não foi possível carregar os pensamentos.");
  failing = false;
  await page.getByRole("button", { name: "Tentar de novo" }).click();
  await expect(page.getByRole("article", { name: "Pensamento de Servidor" })).toBeVisible();
});

test("a user on a 360px phone reads the wall without scrolling sideways", async ({ page, server }) => {
  await server.seed([
    { conteudo: "Um texto comprido ".repeat(20), autoria: "Texto longo", modelo: "modelo2" },
    { conteudo: "Curto e bom.", autoria: "Texto curto", modelo: "modelo3" },
  ]);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/listarPensamento");
  await expect(cards(page)).toHaveCount(2);
  for (const card of await cards(page).all()) {
    const box = await card.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 360).toBe(true);
  }
  const scrollWidth = await page.evaluate<number>("document.documentElement.scrollWidth");
  expect(scrollWidth).toBeLessThanOrEqual(360);
  await expect(page.getByRole("button", { name: "Meus favoritos" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Novo pensamento" })).toBeVisible();
});

test("a keyboard user reaches the search, the buttons, the day's thought and every card control", async ({
  page,
  server,
}) => {
  await server.seed([thoughtInput({ etiquetas: ["Poesia"] })]);
  await page.goto("/listarPensamento");
  await expect(cards(page)).toHaveCount(1);
  // The one thought is also the day's: its card there has its heart and 'Compartilhar'.
  const day = page.getByRole("region", { name: "Pensamento do dia" });
  const card = cards(page);
  const wanted = [
    page.getByRole("searchbox", { name: "O que você procura" }),
    page.getByRole("button", { name: "Meu Mural" }),
    page.getByRole("button", { name: "Meus favoritos" }),
    page.getByRole("button", { name: "Surpreenda-me" }),
    page.getByRole("link", { name: "Novo pensamento" }),
    page.getByRole("combobox", { name: "Ordenar por" }),
    page.getByRole("button", { name: "Selecionar" }),
    day.getByRole("link", { name: /^Revisão/ }),
    day.getByRole("button", { name: "Favorito", exact: true }),
    day.getByRole("button", { name: "Compartilhar" }),
    card.getByRole("link", { name: /^Ver pensamentos de / }),
    card.getByRole("link", { name: "Ver pensamentos com a etiqueta Poesia" }),
    card.getByRole("button", { name: "Favorito", exact: true }),
    card.getByRole("button", { name: "Compartilhar" }),
    card.getByRole("link", { name: "Editar pensamento" }),
    card.getByRole("link", { name: "Excluir pensamento" }),
  ];
  await page.getByRole("searchbox").focus();
  for (const control of wanted) {
    await expect(control).toBeFocused();
    await page.keyboard.press("Tab");
  }
});
