import type { Locator, Page } from "@playwright/test";
import { docsScreenshots } from "./support/docs-screenshots";
import { expect, test } from "./support/fixtures";
import { forEachScreen } from "./support/screens";

const library = [
  { conteudo: "Navegar é preciso, viver não é preciso", autoria: "Fernando Pessoa", etiquetas: ["poesia"] },
  { conteudo: "A vida é a arte do encontro", autoria: "Vinicius de Moraes", etiquetas: ["poesia"] },
  { conteudo: "Liberdade é pouco. O que eu desejo ainda não tem nome", autoria: "Clarice Lispector" },
  { conteudo: "O sertão é do tamanho do mundo", autoria: "Guimarães Rosa", fonte: "Grande Sertão: Veredas" },
  { conteudo: "Tudo vale a pena se a alma não é pequena", autoria: "Fernando Pessoa", favorito: true },
  { conteudo: "אני לא מפחד", autoria: "יהודה עמיחי" },
];

const reviewCard = (page: Page) => page.getByRole("figure");
const progress = (page: Page) => page.getByRole("status").filter({ hasText: / de \d+$/ });

/** axe on the current view in the light theme and in the dark one, the system's choice. */
async function axeInBothThemes(page: Page, expectNoAxeViolations: () => Promise<void>) {
  await page.emulateMedia({ colorScheme: "light" });
  await expectNoAxeViolations();
  await page.emulateMedia({ colorScheme: "dark" });
  await expectNoAxeViolations();
  await page.emulateMedia({ colorScheme: "light" });
}

/** A finger moved sideways across the card, as a touch screen reports it (Chromium's touch events). */
async function swipeLeft(page: Page, target: Locator) {
  const box = await target.boundingBox();
  if (!box) throw new Error("the card is not on screen");
  const y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", {
    type: "touchStart",
    touchPoints: [{ x: box.x + box.width * 0.8, y }],
  });
  for (const step of [0.6, 0.4, 0.2]) {
    await cdp.send("Input.dispatchTouchEvent", {
      type: "touchMove",
      touchPoints: [{ x: box.x + box.width * step, y }],
    });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

/** The card's text as shown, to tell one card from the next. */
const cardText = (page: Page) => reviewCard(page).locator("blockquote").innerText();

forEachScreen(({ touch, press }) => {
  test(`a reader goes through the day's review to the closing screen (${touch ? "taps and a swipe" : "keys"})`, async ({
    page,
    server,
    expectNoAxeViolations,
  }) => {
    test.setTimeout(240_000);
    await server.seed(library);
    await page.goto("/listarPensamento");
    const link = page.getByRole("link", { name: /^Revisão · 5/ });
    await expect(link).toBeVisible();
    if (touch) await press(link);
    else await page.keyboard.press("r");
    await expect(page).toHaveURL(/\/revisao$/);
    await expect(page.getByRole("heading", { level: 1, name: "Revisão de hoje" })).toBeVisible();
    await expect(progress(page)).toHaveText("1 de 5");
    const text = reviewCard(page).locator("blockquote");
    await expect(text).toHaveAttribute("dir", "auto");
    await expect(reviewCard(page).getByText(/\S/).first()).toBeVisible();
    await axeInBothThemes(page, expectNoAxeViolations);
    if (docsScreenshots && touch) await page.screenshot({ path: "docs/review-card-390.png", fullPage: true });

    const seen: string[] = [];
    for (let position = 1; position <= 5; position++) {
      await expect(progress(page)).toHaveText(`${position} de 5`);
      seen.push(await cardText(page));
      if (touch) {
        // The swipe last: a tap right after Chromium's emulated touches could be taken for part of them.
        if (position === 5) await swipeLeft(page, reviewCard(page));
        else if (position === 2) await press(page.getByRole("button", { name: /^Em breve/ }));
        else if (position === 3) await press(page.getByRole("button", { name: "Favoritar" }));
        else await press(page.getByRole("button", { name: /^Próximo/ }));
      } else {
        const keys = ["Enter", "ArrowRight", "1", "f", "3"];
        await page.keyboard.press(keys[position - 1] ?? "Enter");
      }
      if (position < 5) await expect(progress(page)).toHaveText(`${position + 1} de 5`);
    }
    expect(new Set(seen).size).toBe(5);

    const done = page.getByRole("heading", { level: 2, name: "Revisão de hoje concluída" });
    await expect(done).toBeFocused();
    await expect(page.getByText("1 dia seguido")).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(12);
    await expect(page.locator('td[aria-current="date"]')).toHaveText(/^\d+, revisado$/);
    await axeInBothThemes(page, expectNoAxeViolations);
    if (docsScreenshots && touch) await page.screenshot({ path: "docs/review-done-390.png", fullPage: true });

    // The wall says nothing is left, once the answers are in.
    await press(page.getByRole("link", { name: "Voltar para o mural" }).first());
    await expect(page.getByRole("link", { name: /^Revisão · 0/ })).toBeVisible();
    // And the server has every answer: a reload shows the closing screen again.
    await page.goto("/revisao");
    await expect(done).toBeVisible();
  });

  test("a themed review: 'Revisar' on a label's wall reviews that label alone", async ({
    page,
    server,
    expectNoAxeViolations,
  }) => {
    test.setTimeout(180_000);
    await server.seed(library);
    await page.goto("/listarPensamento?etiqueta=poesia");
    await press(page.getByRole("link", { name: "Revisar a etiqueta “poesia”" }));
    await expect(page).toHaveURL(/\/revisao\?etiqueta=poesia$/);
    await expect(page.getByRole("heading", { level: 1, name: "Revisão: etiqueta “poesia”" })).toBeVisible();
    await expect(progress(page)).toHaveText("1 de 2");
    await axeInBothThemes(page, expectNoAxeViolations);
    const first = await cardText(page);
    expect(first).toMatch(/Navegar|encontro/);
    if (touch) await press(page.getByRole("button", { name: /^Mais tarde/ }));
    else await page.keyboard.press("2");
    await expect(progress(page)).toHaveText("2 de 2");
    expect(await cardText(page)).toMatch(/Navegar|encontro/);
    if (touch) await press(page.getByRole("button", { name: /^Próximo/ }));
    else await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 2, name: "Revisão do tema concluída" })).toBeVisible();
    await axeInBothThemes(page, expectNoAxeViolations);
  });

  test("a cloze card: the words tapped on 'Memorizar' come hidden, then 'Mostrar' and 'Bom'", async ({
    page,
    server,
    expectNoAxeViolations,
  }) => {
    test.setTimeout(180_000);
    const [thought] = await server.seed([
      { conteudo: "O amor é fogo que arde sem se ver", autoria: "Camões" },
    ]);
    if (!thought) throw new Error("seeding failed");
    await page.goto(`/pensamentos/editarPensamento/${thought.id}`);
    await press(page.getByRole("link", { name: "Memorizar este pensamento" }));
    await expect(page.getByRole("heading", { level: 1, name: "Memorizar" })).toBeVisible();
    await press(page.getByRole("button", { name: "fogo" }));
    await press(page.getByRole("button", { name: "arde" }));
    await expect(page.getByRole("button", { name: "fogo" })).toHaveAttribute("aria-pressed", "true");
    await axeInBothThemes(page, expectNoAxeViolations);
    await press(page.getByRole("button", { name: "Salvar" }));
    await expect(page.getByRole("heading", { level: 1, name: "Memorizar" })).toBeHidden();

    await page.goto("/revisao");
    const card = reviewCard(page);
    await expect(card.getByText("(palavra oculta)")).toHaveCount(2);
    await expect(card.locator("blockquote")).not.toContainText("fogo");
    await axeInBothThemes(page, expectNoAxeViolations);
    if (touch) await press(page.getByRole("button", { name: "Mostrar" }));
    else await page.keyboard.press("Space");
    await expect(card.locator("mark")).toHaveText(["fogo", "arde"]);
    if (touch) await press(page.getByRole("button", { name: /^Bom/ }));
    else await page.keyboard.press("3");
    await expect(page.getByRole("heading", { level: 2, name: "Revisão de hoje concluída" })).toBeVisible();
  });
});

test("two browsers see the same day's set and the same progress", async ({ browser, server }) => {
  test.setTimeout(180_000);
  await server.seed(library);
  const laptop = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 720 } });
  const phone = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  try {
    const [onLaptop, onPhone] = [await laptop.newPage(), await phone.newPage()];
    await onLaptop.goto("/revisao");
    await onPhone.goto("/revisao");
    await expect(progress(onLaptop)).toHaveText("1 de 5");
    await expect(progress(onPhone)).toHaveText("1 de 5");
    expect(await cardText(onPhone)).toBe(await cardText(onLaptop));

    await onLaptop.keyboard.press("Enter");
    await expect(progress(onLaptop)).toHaveText("2 de 5");
    await onLaptop.keyboard.press("2");
    await expect(progress(onLaptop)).toHaveText("3 de 5");
    const third = await cardText(onLaptop);
    // The laptop's answers reach the server in the background; the phone, opened again, continues there.
    await expect
      .poll(async () => {
        await onPhone.reload();
        await expect(progress(onPhone)).toBeVisible();
        return progress(onPhone).innerText();
      })
      .toBe("3 de 5");
    expect(await cardText(onPhone)).toBe(third);
  } finally {
    await laptop.close();
    await phone.close();
  }
});

test("'Editar' (e) opens the thought's form and comes back to the same card, edited", async ({
  page,
  server,
}) => {
  test.setTimeout(180_000);
  await server.seed(library.slice(0, 3));
  await page.goto("/listarPensamento");
  // Once the wall is live (its link has its count), the key r opens the review.
  await expect(page.getByRole("link", { name: /^Revisão · 3/ })).toBeVisible();
  await page.keyboard.press("r");
  await expect(progress(page)).toHaveText("1 de 3");
  const before = await cardText(page);
  await page.keyboard.press("e");
  const box = page.getByRole("textbox", { name: "Pensamento" });
  await expect(box).toHaveValue(before);
  await box.fill(`${before} (revisto)`);
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page).toHaveURL(/\/revisao$/);
  await expect(progress(page)).toHaveText("1 de 3");
  await expect(reviewCard(page).locator("blockquote")).toHaveText(`${before} (revisto)`);
});
