import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { forEachScreen } from "./support/screens";

/**
 * "200 % text size" as a phone or desktop reader sets it: the browser's default font size doubled (Chromium's
 * "Font size" setting; Android's text scaling acts the same on pages sized in rem), here 32 px through the
 * DevTools protocol, as the setting itself would. The page's own sizes in rem and em follow it; px ones
 * would not. (Zoom at 200 % is a narrower viewport, which the phone's own size already covers.)
 */
async function doubleTheTextSize(page: Page) {
  const session = await page.context().newCDPSession(page);
  await session.send("Page.setFontSizes", { fontSizes: { standard: 32, fixed: 26 } });
}

/**
 * What the reader would see broken: a control or a text box whose words run past its edges (its scroll width
 * over its client width), the page wider than the screen, or two controls drawn over each other.
 */
async function layoutFaults(page: Page, within = "body"): Promise<string[]> {
  return page.evaluate((within) => {
    const scope = document.querySelector(within) ?? document.body;
    const faults: string[] = [];
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40)}"`;
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== "hidden";
    };
    if (document.documentElement.scrollWidth > document.documentElement.clientWidth + 1) {
      faults.push(`the page is ${document.documentElement.scrollWidth} px wide on a ${document.documentElement.clientWidth} px screen`);
    }
    const controls = [...scope.querySelectorAll("a, button, input, textarea, label, h1, h2")].filter(shown);
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (box.left < -1 || box.right > window.innerWidth + 1) faults.push(`${name(control)} is off the screen`);
      if (control.scrollWidth > control.clientWidth + 1 && getComputedStyle(control).overflowX !== "auto") {
        // A text box scrolls its own text; only what has no scroll of its own runs over.
        if (!(control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement)) {
          faults.push(`${name(control)} overflows (${control.scrollWidth} > ${control.clientWidth})`);
        }
      }
    }
    const boxes = [...scope.querySelectorAll("button, a, input:not([type=radio]), label")]
      .filter(shown)
      .map((element) => ({ element, box: element.getBoundingClientRect() }));
    // A bar held in view (the form's 'Salvar' bar) passes over the page's content by design.
    const held = (element: Element): boolean => {
      for (let at: Element | null = element; at; at = at.parentElement) {
        if (["fixed", "sticky"].includes(getComputedStyle(at).position)) return true;
      }
      return false;
    };
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
        if (held(a.element) !== held(b.element)) continue;
        const overlap =
          Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left) > 1 &&
          Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top) > 1;
        if (overlap) faults.push(`${name(a.element)} overlaps ${name(b.element)}`);
      }
    }
    return faults;
  }, within);
}

test.describe.configure({ timeout: 120_000 });

forEachScreen((screen) => {
  test("at 200 % text size nothing on the wall, its menu or the forms runs over or covers another, and the logo and icons grow", async ({
    page,
    server,
  }) => {
    await server.seed([
      { conteudo: "Tudo vale a pena\nse a alma não é pequena.", autoria: "Fernando Pessoa", etiquetas: ["poesia"] },
      { conteudo: "A vida é a arte do encontro", autoria: "Vinicius de Moraes", favorito: true },
    ]);
    await page.goto("/listarPensamento");
    await expect(page.getByRole("article").first()).toBeVisible();
    const logoBefore = await page.getByRole("link", { name: "Memoteca, ir para o mural" }).boundingBox();
    const iconBefore = await page.getByRole("button", { name: "Favorito" }).first().locator("svg").boundingBox();

    await doubleTheTextSize(page);
    await page.reload();
    await expect(page.getByRole("article").first()).toBeVisible();
    const logoAfter = await page.getByRole("link", { name: "Memoteca, ir para o mural" }).boundingBox();
    const iconAfter = await page.getByRole("button", { name: "Favorito" }).first().locator("svg").boundingBox();
    expect(logoAfter?.width ?? 0).toBeGreaterThan((logoBefore?.width ?? 0) * 1.4);
    expect(iconAfter?.width ?? 0).toBeGreaterThan((iconBefore?.width ?? 0) * 1.4);
    expect(await layoutFaults(page)).toEqual([]);

    // The menu, open: its links, 'Tema' and its choices (the panel covers the page, as a menu does).
    const menu = page.getByRole("button", { name: "Menu" });
    if (await menu.isVisible()) await screen.press(menu);
    await expect(page.getByRole("group", { name: "Tema" })).toBeVisible();
    expect(await layoutFaults(page, "#menu")).toEqual([]);
    await page.keyboard.press("Escape");

    for (const [path, heading] of [
      ["/criarPensamento", "Adicione um novo pensamento"],
      ["/etiquetas", "Etiquetas"],
      ["/lixeira", "Lixeira"],
      ["/importarExportar", "Importar e exportar"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      expect(await layoutFaults(page), path).toEqual([]);
    }
  });
});

test("docs: the dark wall and 200 % text, as screenshots", async ({ page, server }) => {
  await server.seed([
    { conteudo: "Que seja infinito enquanto dure.", autoria: "Vinicius de Moraes", modelo: "modelo1" },
    { conteudo: "Sonho que se sonha só\nÉ só um sonho que se sonha só", autoria: "Raul Seixas", modelo: "modelo3" },
    { conteudo: "A vida é a arte do encontro", autoria: "Vinicius de Moraes", modelo: "modelo2", etiquetas: ["música"] },
    { conteudo: "Tudo vale a pena\nse a alma não é pequena.", autoria: "Fernando Pessoa", favorito: true, etiquetas: ["poesia"] },
  ]);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/listarPensamento");
  await expect(page.getByRole("article").first()).toBeVisible();
  await page.evaluate("document.fonts.ready");
  await page.screenshot({ path: "docs/dark-wall-1280.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.getByRole("group", { name: "Tema" })).toBeVisible();
  await page.screenshot({ path: "docs/dark-wall-390.png" });
  await page.keyboard.press("Escape");
  await page.emulateMedia({ colorScheme: "light" });
  await doubleTheTextSize(page);
  await page.reload();
  await expect(page.getByRole("article").first()).toBeVisible();
  await page.evaluate("document.fonts.ready");
  await page.screenshot({ path: "docs/large-text-390.png" });
  await page.getByRole("button", { name: "Menu" }).click();
  await page.screenshot({ path: "docs/large-text-menu-390.png" });
});
