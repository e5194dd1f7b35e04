import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { forEachScreen } from "./support/screens";

const hebrew = { conteudo: "מה שלא הורג אותך, מחשל אותך.", autoria: "רחל המשוררת" };
const arabic = { conteudo: "العلم نور والجهل ظلام.", autoria: "مثل عربي" };
const latin = { conteudo: "Tudo vale a pena se a alma não é pequena.", autoria: "Fernando Pessoa" };

/** The DOM's own, in the page the function below runs in (the e2e code is typed without the DOM's lib). */
declare const getComputedStyle: (element: unknown) => { direction: string };

/** The writing direction the browser gives each element found (what aligns it and orders its words). */
const directions = (found: Locator) =>
  found.evaluateAll((elements) => elements.map((element) => getComputedStyle(element).direction));

const card = (page: Page, author: string) => page.getByRole("article", { name: `Pensamento de ${author}` });

forEachScreen(({ press }) => {
  test("a user reads Hebrew and Arabic thoughts from the right, and Portuguese ones from the left", async ({
    page,
    server,
    expectNoAxeViolations,
  }) => {
    await server.seed([latin, arabic, hebrew]);
    await page.goto("/listarPensamento");
    await expect(page.getByRole("article")).toHaveCount(3);

    for (const [thought, direction] of [
      [hebrew, "rtl"],
      [arabic, "rtl"],
      [latin, "ltr"],
    ] as const) {
      const shown = card(page, thought.autoria);
      await expect
        .poll(() => directions(shown.getByText(thought.conteudo, { exact: true })))
        .toEqual([direction]);
      await expect
        .poll(() => directions(shown.getByText(thought.autoria, { exact: true })))
        .toEqual([direction]);
    }
    // The day's thought, whichever it is, reads in its own direction too.
    const day = page.getByRole("region", { name: "Pensamento do dia" }).getByRole("figure");
    const dayText = await day.getByRole("paragraph").first().textContent();
    const expected = dayText === latin.conteudo ? "ltr" : "rtl";
    await expect.poll(() => directions(day.getByText(dayText ?? "", { exact: true }))).toEqual([expected]);
    await expectNoAxeViolations();

    // The delete dialog's excerpt: the thought about to go, as it reads.
    await press(card(page, arabic.autoria).getByRole("link", { name: "Excluir pensamento" }));
    const dialog = page.getByRole("dialog", { name: "Excluir pensamento" });
    await expect.poll(() => directions(dialog.getByText(arabic.conteudo, { exact: true }))).toEqual(["rtl"]);
    await expect.poll(() => directions(dialog.getByText(arabic.autoria, { exact: true }))).toEqual(["rtl"]);
    await expectNoAxeViolations();
  });

  test("a user editing a Hebrew thought, then writing an Arabic one, types from the right, and the previews follow", async ({
    page,
    server,
    expectNoAxeViolations,
  }) => {
    await server.seed([hebrew]);
    await page.goto("/listarPensamento");
    await expect(async () => {
      await press(card(page, hebrew.autoria).getByRole("link", { name: "Editar pensamento" }));
      await expect(page).toHaveURL(/\/pensamentos\/editarPensamento\/\d+$/, { timeout: 2_000 });
    }).toPass();
    const content = page.getByRole("textbox", { name: "Pensamento" });
    const author = page.getByRole("textbox", { name: "Autoria ou fonte" });
    await expect(content).toHaveValue(hebrew.conteudo);
    await expect.poll(() => directions(content)).toEqual(["rtl"]);
    await expect.poll(() => directions(author)).toEqual(["rtl"]);
    const previews = page.getByRole("group", { name: "Escolha um modelo" });
    await expect
      .poll(() => directions(previews.getByText(hebrew.conteudo, { exact: true })))
      .toEqual(["rtl", "rtl", "rtl"]);
    await expectNoAxeViolations();

    await page.goto("/criarPensamento");
    await expect(content).toBeFocused();
    await expect.poll(() => directions(content)).toEqual(["ltr"]);
    await content.fill(arabic.conteudo);
    await author.fill(arabic.autoria);
    await expect.poll(() => directions(content)).toEqual(["rtl"]);
    await expect.poll(() => directions(author)).toEqual(["rtl"]);
    await expect
      .poll(() => directions(previews.getByText(arabic.conteudo, { exact: true })))
      .toEqual(["rtl", "rtl", "rtl"]);
    await expect
      .poll(() => directions(previews.getByText(arabic.autoria, { exact: true })))
      .toEqual(["rtl", "rtl", "rtl"]);
  });
});
