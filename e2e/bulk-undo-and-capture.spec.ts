import type { Locator, Page } from "@playwright/test";
import type { Thought } from "../src/domain/contract";
import { expect, test } from "./support/fixtures";
import { forEachScreen } from "./support/screens";

async function wallTexts(page: Page): Promise<string[]> {
  const thoughts: Thought[] = await (await page.request.get("/api/pensamentos?_limit=100")).json();
  return thoughts.map((thought) => thought.conteudo);
}

const card = (page: Page, text: string) => page.getByRole("article").filter({ hasText: text });
const checkbox = (page: Page, text: string) => card(page, text).getByRole("checkbox");
const toolbar = (page: Page) => page.getByRole("toolbar", { name: "Seleção de pensamentos" });

/** A file of our JSON export's shape with three thoughts. */
const file = {
  name: "destaques.json",
  mimeType: "application/json",
  buffer: Buffer.from(
    JSON.stringify({
      pensamentos: [
        { conteudo: "Destaque importado um", autoria: "Autora Importada" },
        { conteudo: "Destaque importado dois", autoria: "Autora Importada" },
        { conteudo: "Destaque importado três", autoria: "Autora Importada" },
      ],
    }),
  ),
};

/** A long press on a touch screen: the finger stays down until the selection's toolbar shows. */
async function longPress(page: Page, target: Locator) {
  const box = await target.boundingBox();
  if (!box) throw new Error("the card to press is not on screen");
  const cdp = await page.context().newCDPSession(page);
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point] });
  await expect(toolbar(page)).toBeVisible();
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

forEachScreen(({ touch, press }) => {
  test("a user imports a file, undoes the import from 'Importações', and 'Desfazer' brings it back", {
    tag: "@storage",
  }, async ({ page, server, expectNoAxeViolations }) => {
    // An import, two screens, a dialog and axe twice: on a loaded 2-core machine this takes a while.
    test.slow();
    await server.seed([{ conteudo: "Escrito à mão", autoria: "Eu Mesma" }]);
    await page.goto("/importarExportar");
    await page.getByLabel("Arquivo para importar").setInputFiles(file);
    await press(page.getByRole("button", { name: "Importar", exact: true }));
    await expect.poll(() => wallTexts(page)).toHaveLength(4);

    await press(page.getByRole("link", { name: /^Importações/ }));
    await expect(page.getByRole("heading", { level: 1, name: "Importações" })).toBeVisible();
    const row = page.getByRole("listitem").filter({ hasText: "JSON" });
    await expect(row).toContainText("3 pensamentos");
    await expectNoAxeViolations();

    await press(row.getByRole("button", { name: /^Desfazer importação/ }));
    const dialog = page.getByRole("dialog", { name: "Desfazer importação?" });
    await expectNoAxeViolations();
    await press(dialog.getByRole("button", { name: "Desfazer importação" }));
    await expect(dialog).toBeHidden();
    await expect(
      page.getByText("Importação desfeita: 3 pensamentos foram para a lixeira.").first(),
    ).toBeVisible();
    expect(await wallTexts(page)).toEqual(["Escrito à mão"]);

    const undo = page.getByRole("button", { name: "Desfazer", exact: true });
    if (!touch) await undo.hover();
    await press(undo);
    await expect(page.getByText("Importação restaurada: os pensamentos voltaram ao mural.")).toBeVisible();
    await expect.poll(() => wallTexts(page)).toHaveLength(4);
  });

  test("a user selects thoughts across pages, moves them to the Lixeira, and 'Desfazer' brings them all back", {
    tag: "@storage",
  }, async ({ page, server, expectNoAxeViolations }) => {
    test.slow();
    // Eight: the wall shows six, 'Carregar mais' the other two.
    await server.seed(Array.from({ length: 8 }, (_, i) => ({ conteudo: `Selecionável ${i + 1}` })));
    await page.goto("/listarPensamento");
    await expect(page.getByRole("article")).toHaveCount(6);

    if (touch) {
      await longPress(page, card(page, "Selecionável 8"));
      await expect(checkbox(page, "Selecionável 8")).toBeChecked();
      await checkbox(page, "Selecionável 7").tap();
      await checkbox(page, "Selecionável 6").tap();
    } else {
      await page.getByRole("button", { name: "Selecionar", exact: true }).click();
      await checkbox(page, "Selecionável 8").click();
      await checkbox(page, "Selecionável 6").click({ modifiers: ["Shift"] });
      await expect(checkbox(page, "Selecionável 7")).toBeChecked();
    }
    await expect(toolbar(page)).toContainText("3 selecionados");
    await expectNoAxeViolations();

    await press(page.getByRole("button", { name: "Carregar mais" }));
    await expect(page.getByRole("article")).toHaveCount(8);
    await press(checkbox(page, "Selecionável 1"));
    await expect(toolbar(page)).toContainText("4 selecionados");

    await press(toolbar(page).getByRole("button", { name: "Mover para a lixeira" }));
    await expect(page.getByText("4 pensamentos movidos para a lixeira.")).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(4);
    expect(await wallTexts(page)).toEqual([
      "Selecionável 5",
      "Selecionável 4",
      "Selecionável 3",
      "Selecionável 2",
    ]);

    const undo = page.getByRole("button", { name: "Desfazer", exact: true });
    if (!touch) await undo.hover();
    await press(undo);
    await expect(page.getByText("Pensamentos de volta ao mural.")).toBeVisible();
    await expect.poll(() => wallTexts(page)).toHaveLength(8);
  });

  test("a user selects every thought of a view without a label and favours them in one step", {
    tag: "@storage",
  }, async ({ page, server }) => {
    await server.seed([
      { conteudo: "Do Kindle um", etiquetas: ["kindle"] },
      { conteudo: "Meu um" },
      { conteudo: "Do Kindle dois", etiquetas: ["kindle"] },
      { conteudo: "Meu dois" },
    ]);
    await page.goto("/listarPensamento?etiqueta=kindle");
    await press(page.getByRole("link", { name: "Ocultar a etiqueta kindle do mural" }));
    await expect(page).toHaveURL(/sem=kindle/);
    await expect(page.getByRole("article")).toHaveText([/Meu dois/, /Meu um/]);
    await press(page.getByRole("button", { name: "Selecionar", exact: true }));
    await press(page.getByRole("button", { name: "Selecionar todos os 2" }));
    await expect(toolbar(page)).toContainText("Todos os 2 pensamentos desta vista selecionados");
    await press(toolbar(page).getByRole("button", { name: "Favoritar", exact: true }));
    await expect(toolbar(page).getByRole("status")).toHaveText("2 pensamentos nos favoritos.");
    const favourites: Thought[] = await (await page.request.get("/api/pensamentos?favorito=true")).json();
    expect(favourites.map((thought) => thought.conteudo).sort()).toEqual(["Meu dois", "Meu um"]);
  });
});

test("the share target's address opens 'Novo pensamento' filled in, the link kept in the note", async ({
  page,
  expectNoAxeViolations,
}) => {
  const shared = new URLSearchParams({
    conteudo: "Um trecho compartilhado de outro app",
    fonte: "Artigo de exemplo",
    link: "https://exemplo.test/artigo",
  });
  await page.goto(`/criarPensamento?${shared.toString()}`);
  await expect(page.getByRole("textbox", { name: "Pensamento" })).toHaveValue(
    "Um trecho compartilhado de outro app",
  );
  await expect(page.getByRole("textbox", { name: "Fonte", exact: true })).toHaveValue("Artigo de exemplo");
  await expect(page.getByRole("textbox", { name: "Nota" })).toHaveValue("https://exemplo.test/artigo");
  await expectNoAxeViolations();

  await page.goto("/criarPensamento?conteudo=Frase&autoria=Clarice%20Lispector&nota=lida%20ontem");
  await expect(page.getByRole("textbox", { name: "Pensamento" })).toHaveValue("Frase");
  await expect(page.getByRole("textbox", { name: "Autoria ou fonte" })).toHaveValue("Clarice Lispector");
  await expect(page.getByRole("textbox", { name: "Nota" })).toHaveValue("lida ontem");
});

test("the bookmarklet sends a page's selection, title and address with a text fragment to the form", async ({
  page,
  baseURL,
  expectNoAxeViolations,
}) => {
  await page.goto("/importarExportar");
  const bookmarklet = page.getByRole("link", { name: "Salvar no Memoteca" });
  await expect(bookmarklet).toHaveAttribute("href", /^javascript:/);
  await expectNoAxeViolations();
  const href = (await bookmarklet.getAttribute("href")) ?? "";

  await page.route("https://exemplo.test/artigo", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: "<!doctype html><title>Um artigo qualquer</title><p id='q'>Uma frase bonita para guardar.</p>",
    }),
  );
  await page.goto("https://exemplo.test/artigo");
  // Run in the page (the e2e code is typed without the DOM's lib): select the paragraph, catch the window
  // the bookmarklet opens, and run it as the bookmarks bar would.
  const opened: string = await page.evaluate(`(() => {
    const range = document.createRange();
    range.selectNodeContents(document.getElementById("q"));
    getSelection().addRange(range);
    let url = "";
    window.open = (to) => { url = to; return null; };
    new Function(${JSON.stringify(decodeURIComponent(href.slice("javascript:".length)))})();
    return url;
  })()`);
  expect(opened.startsWith(`${baseURL}/criarPensamento?`)).toBe(true);

  await page.goto(opened);
  await expect(page.getByRole("textbox", { name: "Pensamento" })).toHaveValue(
    "Uma frase bonita para guardar.",
  );
  await expect(page.getByRole("textbox", { name: "Fonte", exact: true })).toHaveValue("Um artigo qualquer");
  await expect(page.getByRole("textbox", { name: "Nota" })).toHaveValue(
    "https://exemplo.test/artigo#:~:text=Uma%20frase%20bonita%20para%20guardar.",
  );
});

test("a user reads the inbox's address in 'Configurações', an e-reader posts to it, and a new address stops the old", async ({
  page,
  playwright,
  baseURL,
  expectNoAxeViolations,
}) => {
  test.slow();
  await page.goto("/importarExportar");
  await page.getByRole("link", { name: /^Configurações/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Configurações" })).toBeVisible();
  const field = page.getByRole("textbox", { name: "Endereço de entrada" });
  await expect(field).toHaveValue(/\/api\/caixa-de-entrada\/[\w-]{43}$/);
  const old = await field.inputValue();
  await expectNoAxeViolations();

  // KOReader: no cookie, no token, JSON.
  const reader = await playwright.request.newContext({ baseURL });
  const content = "Uma frase do livro.\n\nMinha nota.\n\nUm Livro (page: 12)\n\n#Um_Livro #koreader";
  const accepted = await reader.post(old, { data: { content } });
  expect(accepted.status()).toBe(200);
  expect(await accepted.json()).toMatchObject({ status: "ok" });

  await page.getByRole("button", { name: "Gerar novo endereço" }).click();
  await page
    .getByRole("dialog", { name: "Gerar novo endereço?" })
    .getByRole("button", { name: "Gerar novo endereço" })
    .click();
  await expect(page.getByRole("status").filter({ hasText: "Novo endereço gerado." })).toBeVisible();
  await expect(field).not.toHaveValue(old);
  expect((await reader.post(old, { data: { content } })).status()).toBe(403);
  expect((await reader.post(await field.inputValue(), { data: { content } })).status()).toBe(200);
  await reader.dispose();

  await page.goto("/listarPensamento");
  await expect(page.getByRole("article").filter({ hasText: "Uma frase do livro." })).toHaveCount(2);
});
