import type { Page, Route } from "@playwright/test";
import { thoughtInput } from "../test-support/thought-factory";
import { expect, test } from "./support/fixtures";
import { pressShortcut } from "./support/shortcuts";
import type { TestServer } from "./support/test-server";

/** The chunk of the forms, which the wall fetches only once it is idle or a link to one is pointed at. */
const formsChunk = "**/assets/forms-*.js";

const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const textBox = (page: Page) => page.getByRole("textbox", { name: "Pensamento" });

/** Holds every request for the forms' code until `release()`, as a slow network does. */
async function holdFormsChunk(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(formsChunk, async (route: Route) => {
    await held;
    await route.fallback();
  });
  return { release };
}

/**
 * The wall with one thought, the forms' code held back, and `n` pressed: the keys typed next go to the field
 * that holds them for the form. The wall arrives drawn by the server and React adopts it a moment later: a key
 * pressed before that does nothing, as it would for a person that quick, who presses it again.
 */
async function pressNWithFormsChunkHeld(page: Page, server: TestServer) {
  await server.seed([thoughtInput({ autoria: "Ana" })]);
  const chunk = await holdFormsChunk(page);
  await page.goto("/listarPensamento");
  await expect(page.getByRole("article")).toHaveCount(1);
  await pressShortcut(page, "n", () => expect(textBox(page)).toBeFocused({ timeout: 500 }));
  return chunk;
}

for (const screen of [
  { name: "a wide screen", viewport: { width: 1280, height: 720 } },
  // A phone or a small tablet with a keyboard attached.
  { name: "a phone-sized screen", viewport: { width: 390, height: 844 } },
]) {
  test.describe(`on ${screen.name}`, () => {
    test.use({ viewport: screen.viewport });

    test("a keyboard user presses n and types at once, before the form's code has arrived, and finds every key in its text box", async ({
      page,
      server,
      expectNoAxeViolations,
    }) => {
      const chunk = await pressNWithFormsChunkHeld(page, server);
      // The form's code has not arrived: the wall is still what shows.
      await expect(heading(page)).toHaveText("Meu mural");

      await page.keyboard.type("Rápido demais", { delay: 40 });
      // Its 's' did not draw a thought: the keys were text, not the wall's shortcuts.
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page).toHaveURL(/\/listarPensamento$/);

      chunk.release();
      await expect(heading(page)).toHaveText("Adicione um novo pensamento");
      await expect(page).toHaveURL(/\/criarPensamento$/);
      await expect(textBox(page)).toHaveValue("Rápido demais");
      await expect(textBox(page)).toBeFocused();
      // The caret where the typing stopped: the next keys follow on.
      await page.keyboard.type("!", { delay: 40 });
      await expect(textBox(page)).toHaveValue("Rápido demais!");
      await expectNoAxeViolations();
    });

    test("a keyboard user presses n, types the text, Tab and the author before the form's code has arrived, and finds each in its field", async ({
      page,
      server,
    }) => {
      const chunk = await pressNWithFormsChunkHeld(page, server);

      await page.keyboard.type("Sonho que se sonha só", { delay: 40 });
      await page.keyboard.press("Tab");
      await page.keyboard.type("Raul", { delay: 40 });
      // The Tab did not take the keys out of the form's way: they are still held for it.
      await expect(textBox(page)).toBeFocused();
      await expect(heading(page)).toHaveText("Meu mural");

      chunk.release();
      await expect(heading(page)).toHaveText("Adicione um novo pensamento");
      await expect(textBox(page)).toHaveValue("Sonho que se sonha só");
      const author = page.getByRole("textbox", { name: "Autoria ou fonte" });
      await expect(author).toHaveValue("Raul");
      await expect(author).toBeFocused();
      await page.keyboard.type(" Seixas", { delay: 40 });
      await page.keyboard.press("Control+Enter");
      await expect(heading(page)).toHaveText("Meu mural");
      await expect(page.getByRole("article", { name: "Pensamento de Raul Seixas" })).toContainText(
        "Sonho que se sonha só",
      );
    });

    test("a keyboard user on an idle wall presses n and types at once, 40 ms a key, and finds every key in the form's text box", async ({
      page,
      server,
    }) => {
      await server.seed([thoughtInput({ autoria: "Ana" })]);
      // The wall fetches the forms' code once it is idle: then a shortcut opens the form with no wait.
      const formsCode = page.waitForResponse(formsChunk);
      await page.goto("/listarPensamento");
      await expect(page.getByRole("article")).toHaveCount(1);
      await formsCode;

      await page.keyboard.press("n");
      await page.keyboard.type("Rápido demais, sem esperar", { delay: 40 });
      await expect(heading(page)).toHaveText("Adicione um novo pensamento");
      await expect(textBox(page)).toHaveValue("Rápido demais, sem esperar");
      await expect(textBox(page)).toBeFocused();
      await expect(page.getByRole("dialog")).toHaveCount(0);
    });

    test("a user who opens a form at its own address, or reloads it, starts with the cursor in its text box", async ({
      page,
      server,
    }) => {
      const [thought] = await server.seed([{ conteudo: "Já escrito", autoria: "Alguém" }]);

      await page.goto("/criarPensamento");
      await expect(heading(page)).toHaveText("Adicione um novo pensamento");
      await expect(textBox(page)).toBeFocused();
      await page.reload();
      await expect(heading(page)).toHaveText("Adicione um novo pensamento");
      await expect(textBox(page)).toBeFocused();
      await page.keyboard.type("Direto");
      await expect(textBox(page)).toHaveValue("Direto");

      // Leaving with text asks first; this user does not care.
      page.once("dialog", (dialog) => void dialog.accept());
      await page.goto(`/pensamentos/editarPensamento/${thought?.id}`);
      await expect(textBox(page)).toHaveValue("Já escrito");
      await expect(textBox(page)).toBeFocused();
      await page.reload();
      await expect(textBox(page)).toHaveValue("Já escrito");
      await expect(textBox(page)).toBeFocused();
      // The caret at the end of the text, where an edit most often goes on.
      await page.keyboard.type(", e mais");
      await expect(textBox(page)).toHaveValue("Já escrito, e mais");
    });
  });
}
