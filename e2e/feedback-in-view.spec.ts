import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { forEachScreen } from "./support/screens";

const card = (page: Page, author: string) => page.getByRole("article", { name: `Pensamento de ${author}` });
const savedLine = (page: Page) => page.getByRole("status").filter({ hasText: "Pensamento salvo." });
const undoLine = (page: Page) => page.getByRole("log").filter({ hasText: "Pensamento excluído." });
const textBox = (page: Page) => page.getByRole("textbox", { name: "Pensamento" });
const saveButton = (page: Page) => page.getByRole("button", { name: "Salvar" });

/** Thoughts by author, oldest first; long enough that a card's controls sit low on a phone's screen. */
const byAuthors = (authors: string[]) =>
  authors.map((autoria) => ({
    conteudo: `Um pensamento de ${autoria}, escrito numa tarde comprida para ocupar algumas linhas do cartão.`,
    autoria,
  }));

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Whether two boxes share any pixel. */
function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** How many cards' rows of controls (each the row that holds the card's heart) the box of `line` covers. */
const COVERED = `(line) => {
  const box = line.getBoundingClientRect();
  return [...document.querySelectorAll('button[aria-label="Favorito"]')].filter((heart) => {
    const row = (heart.parentElement ?? heart).getBoundingClientRect();
    return box.left < row.right && row.left < box.right && box.top < row.bottom && row.top < box.bottom;
  }).length;
}`;

/** The foot lines, as CSS selectors: the save's (its button answers v) and the undo line's live region. */
const SAVED_LINE = '[role="status"]:has(> button[aria-keyshortcuts="v"])';
const UNDO_LINE = '[role="log"]';

/** The line's box is clear of every card's row of controls on screen. */
async function expectClearOfControls(page: Page, line: string) {
  const covered = `(${COVERED})(document.querySelector(${JSON.stringify(line)}))`;
  await expect(async () => expect(await page.evaluate(covered)).toBe(0)).toPass();
}

/** Writes and saves a thought from the wall's 'Novo pensamento'. */
async function createThought(page: Page, press: (target: Locator) => Promise<void>, author: string) {
  await press(page.getByRole("link", { name: "Novo pensamento" }).first());
  await textBox(page).fill(`O pensamento novo de ${author}`);
  await page.getByRole("textbox", { name: "Autoria ou fonte" }).fill(author);
  await press(saveButton(page));
  await expect(card(page, author)).toBeVisible();
}

forEachScreen(({ press, touch }) => {
  test("a user saves a thought and deletes another: one line at a time, the newer replacing the older, never over a card's controls", async ({
    page,
    server,
    expectNoAxeViolations,
  }) => {
    await server.seed(byAuthors(["Ana", "Bia", "Caio", "Davi"]));
    await page.goto("/listarPensamento");
    await expect(page.getByRole("article")).toHaveCount(4);

    await createThought(page, press, "Eva");
    await expect(savedLine(page)).toBeVisible();
    await expectClearOfControls(page, SAVED_LINE);
    // Scrolled to the cards further down, the line still keeps off their controls.
    await page.mouse.wheel(0, 400);
    await expectClearOfControls(page, SAVED_LINE);
    await expectNoAxeViolations();

    await press(card(page, "Bia").getByRole("link", { name: "Excluir pensamento" }));
    await press(page.getByRole("dialog").getByRole("button", { name: "Excluir" }));
    await expect(card(page, "Bia")).toHaveCount(0);
    await expect(undoLine(page)).toBeVisible();
    // The save's line gave way: one line at the foot of the screen.
    await expect(savedLine(page)).toHaveCount(0);
    await expectClearOfControls(page, UNDO_LINE);

    // And a save replaces the undo line in turn.
    await createThought(page, press, "Fábio");
    await expect(savedLine(page)).toBeVisible();
    await expect(page.getByText("Pensamento excluído.")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Desfazer" })).toHaveCount(0);
    if (touch) await expectClearOfControls(page, SAVED_LINE);
  });

  test("'Pensamento salvo.' leaves about four seconds after it shows, and waits while the pointer or the focus is on it", async ({
    page,
    server,
  }) => {
    await page.clock.install();
    await server.seed(byAuthors(["Ana"]));
    await page.goto("/listarPensamento");
    await expect(page.getByRole("article")).toHaveCount(1);

    // The page's clock runs on by itself too (the app's own timers need it): the steps leave it slack.
    await createThought(page, press, "Bia");
    await expect(savedLine(page)).toBeVisible();
    await page.clock.runFor(2_000);
    await expect(savedLine(page)).toBeVisible();
    await page.clock.runFor(2_500);
    await expect(savedLine(page)).toHaveCount(0);

    // Held: by the pointer on a desktop, by the focus (a keyboard or a screen reader) anywhere.
    await createThought(page, press, "Caio");
    const line = savedLine(page);
    await expect(line).toBeVisible();
    if (touch) await line.getByRole("button", { name: "Ver no mural" }).focus();
    else await line.hover();
    await page.clock.runFor(15_000);
    await expect(line).toBeVisible();
    // Let go, it has its four seconds again.
    if (touch) await page.getByRole("searchbox").focus();
    else await page.mouse.move(5, 5);
    await page.clock.runFor(2_000);
    await expect(line).toBeVisible();
    await page.clock.runFor(2_500);
    await expect(line).toHaveCount(0);
  });

  test("a save that fails says so in the form's bar, in view beside 'Salvar', with the text kept", async ({
    page,
    expectNoAxeViolations,
  }) => {
    await page.route("/api/pensamentos", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({
            status: 503,
            json: { error: { code: "unavailable", message: "Servidor em manutenção." } },
          })
        : route.fallback(),
    );
    await page.goto("/criarPensamento");
    // A long text: the form runs on below the screen, where a message under it would not be seen.
    await textBox(page).fill("Uma ideia longa.\n".repeat(30));
    await page.getByRole("textbox", { name: "Autoria ou fonte" }).fill("Ana");
    await press(saveButton(page));

    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Servidor em manutenção.");
    await expect(alert).toBeInViewport();
    await expect(saveButton(page)).toBeInViewport();
    await expect(page.locator("[data-save-bar]").getByRole("alert")).toHaveCount(1);
    await expect(textBox(page)).toHaveValue(/^Uma ideia longa\./);
    await expectNoAxeViolations();
  });

  test("the labels' suggestions never cover 'Salvar'", async ({ page, server, expectNoAxeViolations }) => {
    const labels = ["amor", "amizade", "arte", "alegria", "abril", "aves", "avós", "aulas"];
    await server.seed(
      labels.map((label, i) => ({ conteudo: `Pensamento ${i}`, autoria: "Ana", etiquetas: [label] })),
    );
    await page.goto("/criarPensamento");
    await expect(textBox(page)).toBeFocused();
    const field = page.getByRole("combobox", { name: "Etiquetas" });
    await press(field);
    await field.fill("a");
    const list = page.getByRole("listbox", { name: "Etiquetas em uso" });
    await expect(list.getByRole("option")).toHaveCount(8);
    await expect(saveButton(page)).toBeInViewport();
    await expect(async () => {
      const [shown, bar] = await Promise.all([
        list.boundingBox(),
        page.locator("[data-save-bar]").boundingBox(),
      ]);
      expect(shown && bar && !overlap(shown, bar)).toBe(true);
    }).toPass();
    // The list still offers its labels: the first one is taken with the pointer, or a tap.
    await press(list.getByRole("option").first());
    await expect(page.getByRole("list", { name: "Etiquetas do pensamento" })).toBeVisible();
    await expectNoAxeViolations();
  });
});
