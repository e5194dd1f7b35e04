import type { Locator, Page } from "@playwright/test";
import type { Thought } from "../src/domain/contract";
import { noteMarks } from "./support/card-marks";
import { expect, test } from "./support/fixtures";
import { pressShortcut } from "./support/shortcuts";

const PHONE = { width: 390, height: 844 };
/**
 * An on-screen keyboard on a 390×844 phone takes about 336 px. The page asks (viewport meta
 * `interactive-widget=resizes-content`) that the keyboard shrink the layout viewport, which Chromium on
 * Android does: the window then is 390×508, which is what setting the viewport's size does here. (Safari
 * shrinks only the visual viewport; that path is src/web/editor/useKeyboardInset.test.tsx's.)
 */
const PHONE_WITH_KEYBOARD = { width: 390, height: 844 - 336 };

const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const content = (page: Page) => page.getByRole("textbox", { name: "Pensamento" });
const author = (page: Page) => page.getByRole("textbox", { name: "Autoria ou fonte" });
const saveButton = (page: Page) => page.getByRole("button", { name: "Salvar" });
const cancelButton = (page: Page) => page.getByRole("button", { name: "Cancelar" });
const card = (page: Page, name: string) => page.getByRole("article", { name: `Pensamento de ${name}` });
const savedLine = (page: Page) => page.getByRole("status").filter({ hasText: "Pensamento salvo." });
const showOnWall = (page: Page) => page.getByRole("button", { name: "Ver no mural" });

async function storedThoughts(page: Page): Promise<Thought[]> {
  return (await page.request.get("/api/pensamentos")).json();
}

/** Counts the writes the page sends (POST, PUT, PATCH, DELETE) from now on. */
function countWrites(page: Page): () => string[] {
  const writes: string[] = [];
  page.on("request", (request) => {
    if (request.method() !== "GET") writes.push(request.method());
  });
  return () => writes;
}

/**
 * The wall arrives drawn by the server and React takes it over a moment later; only then do its links
 * navigate within the app (a form's way back then returns to the view the user left). '/' focusing the
 * search says it has.
 */
async function untilTheWallAnswers(page: Page) {
  await pressShortcut(page, "/", () => expect(page.getByRole("searchbox")).toBeFocused({ timeout: 500 }));
}

/**
 * Two taps on the same spot, as a finger's double tap, both while the first save is under way: the answer
 * to the save is held until the second tap has landed (here the server answers faster than a finger).
 */
async function doubleTapWhileSaving(page: Page, target: Locator) {
  const box = await target.boundingBox();
  if (!box) throw new Error("nothing to tap");
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("/api/pensamentos**", async (route) => {
    if (route.request().method() !== "GET") await released;
    await route.fallback();
  });
  await page.touchscreen.tap(x, y);
  await expect(page.getByRole("button", { name: "Salvando…" })).toHaveAttribute("aria-disabled", "true");
  await page.touchscreen.tap(x, y);
  release();
}

test.describe("on a phone, by touch", () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test("a user writes a thought from 'Meus favoritos' with Salvar in reach above the keyboard, double-taps it, is told it was saved, and 'Ver no mural' shows it", {
    tag: "@storage",
  }, async ({ page, server, expectNoAxeViolations }) => {
    await server.seed([
      { conteudo: "Um favorito de antes", autoria: "Ana", favorito: true },
      { conteudo: "Um comum de antes", autoria: "Caio" },
    ]);
    await page.goto("/listarPensamento");
    await untilTheWallAnswers(page);
    await page.getByRole("button", { name: "Meus favoritos" }).tap();
    await expect(heading(page)).toHaveText("Meus favoritos");
    await page.getByRole("link", { name: "Novo pensamento" }).tap();
    await expect(heading(page)).toHaveText("Adicione um novo pensamento");
    await expect(content(page)).toBeFocused();

    // The keyboard opens for the focused text box.
    await page.setViewportSize(PHONE_WITH_KEYBOARD);
    await expect(saveButton(page)).toBeDisabled();
    await expect(saveButton(page)).toHaveAccessibleDescription(
      "Escreva o pensamento e informe a autoria ou fonte para salvar.",
    );
    await page.keyboard.type("Tudo vale a pena\nse a alma não é pequena.");
    await expect(content(page)).toBeInViewport();
    await expect(saveButton(page)).toBeInViewport({ ratio: 1 });
    await expect(cancelButton(page)).toBeInViewport({ ratio: 1 });
    await expect(saveButton(page)).toHaveAccessibleDescription("Informe a autoria ou fonte para salvar.");

    await author(page).tap();
    await page.keyboard.type("Fernando Pessoa");
    await expect(saveButton(page)).toBeEnabled();
    await expect(saveButton(page)).toBeInViewport({ ratio: 1 });
    await expectNoAxeViolations();

    // The three models side by side, small: a tap on a preview picks its model.
    const radios = page.getByRole("radio");
    await expect(radios).toHaveCount(3);
    const tops = await Promise.all((await radios.all()).map(async (radio) => (await radio.boundingBox())?.y));
    expect(new Set(tops.map((top) => Math.round(top ?? -1))).size).toBe(1);
    await page.getByText("Modelo 3").tap();
    await expect(page.getByRole("radio", { name: "Modelo 3" })).toBeChecked();

    const writes = countWrites(page);
    await doubleTapWhileSaving(page, saveButton(page));
    await expect(heading(page)).toHaveText("Meus favoritos");
    await expect(page).toHaveURL(/\/listarPensamento\?favoritos=true$/);
    await expect(savedLine(page)).toBeVisible();
    await expect(savedLine(page)).toBeInViewport();
    // Not a favourite, so not in this view.
    await expect(card(page, "Fernando Pessoa")).toHaveCount(0);
    expect(writes()).toEqual(["POST"]);

    // The keyboard has closed. (The line stays about four seconds once seen: 'Ver no mural' is tapped before
    // the stored thought is read.)
    await page.setViewportSize(PHONE);
    const marks = await noteMarks(page, "Fernando Pessoa");
    await showOnWall(page).tap();
    expect((await storedThoughts(page)).filter((t) => t.autoria === "Fernando Pessoa")).toEqual([
      expect.objectContaining({ conteudo: "Tudo vale a pena\nse a alma não é pequena.", modelo: "modelo3" }),
    ]);
    await expect(heading(page)).toHaveText("Meu mural");
    await expect(page).toHaveURL(/\/listarPensamento$/);
    await expect(card(page, "Fernando Pessoa")).toBeFocused();
    await expect(card(page, "Fernando Pessoa")).toBeInViewport();
    await expect.poll(marks).toContainEqual({ drawn: true, fading: true });
    await expect(savedLine(page)).toHaveCount(0);
  });

  test("a user edits a thought on a phone, typing from the end of its text, and is told it was saved, the card marked", {
    tag: "@storage",
  }, async ({ page, server }) => {
    await server.seed([
      { conteudo: "Outro pensamento", autoria: "Bia" },
      { conteudo: "Devagar se vai", autoria: "Provérbio" },
    ]);
    await page.goto("/listarPensamento");
    await untilTheWallAnswers(page);
    await card(page, "Provérbio").getByRole("link", { name: "Editar pensamento" }).tap();
    await expect(heading(page)).toHaveText("Editar pensamento");
    await expect(content(page)).toBeFocused();
    // The text box has the focus: the caret is where the page's focus is.
    expect(await page.evaluate<number>("document.activeElement.selectionStart")).toBe(
      "Devagar se vai".length,
    );

    await page.setViewportSize(PHONE_WITH_KEYBOARD);
    await page.keyboard.type(" ao longe");
    await expect(saveButton(page)).toBeInViewport({ ratio: 1 });
    const marks = await noteMarks(page, "Provérbio");
    const writes = countWrites(page);
    await doubleTapWhileSaving(page, saveButton(page));

    await expect(heading(page)).toHaveText("Meu mural");
    await expect(savedLine(page)).toBeVisible();
    await expect(card(page, "Provérbio")).toContainText("Devagar se vai ao longe");
    await expect.poll(marks).toContainEqual({ drawn: true, fading: true });
    expect(writes()).toEqual(["PUT"]);
  });
});

for (const screen of [
  { name: "a phone with its keyboard open", viewport: PHONE_WITH_KEYBOARD },
  { name: "a wide screen", viewport: { width: 1280, height: 720 } },
]) {
  test(`a keyboard user going through the form with Tab on ${screen.name} never has the focus under the bar`, async ({
    page,
  }) => {
    await page.setViewportSize(screen.viewport);
    await page.goto("/criarPensamento");
    await content(page).fill("Um pensamento para atravessar com Tab");
    await content(page).focus();
    const fields = [
      author(page),
      page.getByRole("textbox", { name: "Fonte", exact: true }),
      page.getByRole("textbox", { name: "Local", exact: true }),
      page.getByRole("textbox", { name: "Nota", exact: true }),
      page.getByRole("combobox", { name: "Etiquetas" }),
      page.getByRole("radio", { name: "Modelo 1" }),
    ];
    for (const field of fields) {
      await page.keyboard.press("Tab");
      await expect(field).toBeFocused();
      if (field === fields[0]) await page.keyboard.type("Alguém");
      // The bar holding Salvar: its top edge is where the part of the screen it covers begins.
      const [fieldBox, barBox] = await Promise.all([
        field.boundingBox(),
        saveButton(page).locator("xpath=..").boundingBox(),
      ]);
      expect(fieldBox).not.toBeNull();
      expect((fieldBox?.y ?? 0) + (fieldBox?.height ?? 0)).toBeLessThanOrEqual(barBox?.y ?? 0);
      await expect(field).toBeInViewport({ ratio: 1 });
    }
    await page.keyboard.press("Tab");
    await expect(saveButton(page)).toBeFocused();
  });
}

test.describe("on a wide screen", () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test("a keyboard user saves a new thought from the wall with Ctrl+Enter, hears it was saved, finds the card marked, and v brings the focus to it", async ({
    page,
    server,
    expectNoAxeViolations,
  }) => {
    await server.seed(
      Array.from({ length: 6 }, (_, i) => ({
        conteudo: `Pensamento antigo ${i + 1}`,
        autoria: `Autor ${i + 1}`,
      })),
    );
    await page.goto("/listarPensamento");
    await pressShortcut(page, "n", () => expect(page).toHaveURL(/\/criarPensamento$/, { timeout: 500 }));
    await expect(content(page)).toBeFocused();
    await page.keyboard.type("Sonho que se sonha só");
    await page.keyboard.press("Tab");
    await expect(author(page)).toBeFocused();
    await page.keyboard.type("Raul Seixas");
    const marks = await noteMarks(page, "Raul Seixas");
    await page.keyboard.press("Control+Enter");

    await expect(heading(page)).toHaveText("Meu mural");
    await expect(heading(page)).toBeFocused();
    await expect(savedLine(page)).toContainText("Pensamento salvo.");
    // Held by the pointer resting on it (it leaves about four seconds after it shows), while axe reads the page.
    await savedLine(page).hover();
    await expect(page.getByRole("article").first()).toHaveAccessibleName("Pensamento de Raul Seixas");
    await expect.poll(marks).toContainEqual({ drawn: true, fading: true });
    await expect(showOnWall(page)).toHaveAttribute("aria-keyshortcuts", "v");
    await expectNoAxeViolations();

    await page.keyboard.press("v");
    await expect(card(page, "Raul Seixas")).toBeFocused();
    await expect(card(page, "Raul Seixas")).toBeInViewport();
    await expect(savedLine(page)).toHaveCount(0);
  });

  test("a user saving from a search that the thought matches finds it marked there, and 'Ver no mural' focuses it in place", async ({
    page,
    server,
  }) => {
    await server.seed([
      { conteudo: "Um amor antigo", autoria: "Ana" },
      { conteudo: "Outra coisa", autoria: "Bia" },
    ]);
    await page.goto("/listarPensamento");
    await page.getByRole("searchbox").pressSequentially("amor");
    await expect(page.getByRole("article")).toHaveCount(1);
    await page.getByRole("link", { name: "Novo pensamento" }).click();
    await content(page).fill("Eu quero a sorte de um amor tranquilo");
    await author(page).fill("Cazuza");
    const marks = await noteMarks(page, "Cazuza");
    await saveButton(page).click();

    await expect(page).toHaveURL(/\/listarPensamento\?q=amor$/);
    await expect(page.getByRole("article")).toHaveCount(2);
    await expect(savedLine(page)).toBeVisible();
    await expect.poll(marks).toContainEqual({ drawn: true, fading: true });
    await showOnWall(page).click();
    await expect(card(page, "Cazuza")).toBeFocused();
    await expect(page).toHaveURL(/\/listarPensamento\?q=amor$/);
  });

  test("a user saving from a search that the thought does not match is told so there, and 'Ver no mural' takes them to it on the wall", async ({
    page,
    server,
  }) => {
    await server.seed([{ conteudo: "Um amor antigo", autoria: "Ana" }]);
    await page.goto("/listarPensamento");
    await page.getByRole("searchbox").pressSequentially("amor");
    await expect(page).toHaveURL(/q=amor/);
    await page.getByRole("link", { name: "Novo pensamento" }).click();
    await content(page).fill("Nada a ver com a busca");
    await author(page).fill("Alguém");
    await saveButton(page).click();

    await expect(page).toHaveURL(/\/listarPensamento\?q=amor$/);
    await expect(savedLine(page)).toBeVisible();
    await expect(card(page, "Alguém")).toHaveCount(0);
    await showOnWall(page).click();
    await expect(page).toHaveURL(/\/listarPensamento$/);
    await expect(card(page, "Alguém")).toBeFocused();
    await expect(card(page, "Alguém")).toBeInViewport();
  });

  test("a user editing with the mouse is told it was saved, with the card marked where it was", async ({
    page,
    server,
  }) => {
    await server.seed([
      { conteudo: "Carpe diem", autoria: "Horácio" },
      { conteudo: "Outro", autoria: "Bia" },
    ]);
    await page.goto("/listarPensamento");
    await untilTheWallAnswers(page);
    await card(page, "Horácio").getByRole("link", { name: "Editar pensamento" }).click();
    await expect(content(page)).toBeFocused();
    await content(page).fill("Carpe diem, quam minimum credula postero");
    const marks = await noteMarks(page, "Horácio");
    const writes = countWrites(page);
    await saveButton(page).dblclick();

    await expect(heading(page)).toHaveText("Meu mural");
    await expect(savedLine(page)).toBeVisible();
    await expect(card(page, "Horácio")).toContainText("quam minimum");
    await expect.poll(marks).toContainEqual({ drawn: true, fading: true });
    expect(writes()).toEqual(["PUT"]);
  });

  test("a user is told why Salvar is disabled, in words read with the button", async ({
    page,
    expectNoAxeViolations,
  }) => {
    await page.goto("/criarPensamento");
    await expect(saveButton(page)).toBeDisabled();
    await expect(saveButton(page)).toHaveAccessibleDescription(
      "Escreva o pensamento e informe a autoria ou fonte para salvar.",
    );
    await expect(
      page.getByText("Escreva o pensamento e informe a autoria ou fonte para salvar."),
    ).toBeVisible();
    // The fields' own messages still wait for a touch.
    await expect(page.getByText(/obrigatóri/)).toHaveCount(0);
    await expectNoAxeViolations();

    await content(page).fill("Menos é mais");
    await author(page).fill("Mi");
    await expect(saveButton(page)).toHaveAccessibleDescription(
      "Complete a autoria ou fonte (ao menos 3 caracteres) para salvar.",
    );
    await author(page).fill("Mies van der Rohe");
    await expect(saveButton(page)).toBeEnabled();
    await expect(saveButton(page)).not.toHaveAccessibleDescription(/para salvar/);
    await expect(page.getByText("Ctrl + Enter salva")).toBeVisible();
  });
});
