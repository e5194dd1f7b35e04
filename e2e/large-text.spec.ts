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
  // A script, not a function: the e2e code compiles without the DOM's types.
  return page.evaluate(`(${LAYOUT_FAULTS})(${JSON.stringify(within)})`);
}

const LAYOUT_FAULTS = `(within) => {
  const scope = document.querySelector(within) ?? document.body;
  const faults = [];
  const name = (element) =>
    element.tagName.toLowerCase() + ' "' + (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40) + '"';
  // Shown to the eye: a name kept for assistive technology only (clipped to nothing) runs over nothing.
  const shown = (element) => {
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    const clipped = style.clipPath === "inset(50%)" || style.clip === "rect(0px, 0px, 0px, 0px)";
    return box.width > 0 && box.height > 0 && style.visibility !== "hidden" && !clipped;
  };
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth + 1) {
    faults.push("the page is " + root.scrollWidth + " px wide on a " + root.clientWidth + " px screen");
  }
  for (const control of [...scope.querySelectorAll("a, button, input, textarea, label, h1, h2")].filter(shown)) {
    const box = control.getBoundingClientRect();
    if (box.left < -1 || box.right > window.innerWidth + 1) faults.push(name(control) + " is off the screen");
    // A text box scrolls its own text; only what has no scroll of its own runs over.
    const scrolls = control.tagName === "INPUT" || control.tagName === "TEXTAREA";
    if (!scrolls && control.scrollWidth > control.clientWidth + 1) {
      faults.push(name(control) + " overflows (" + control.scrollWidth + " > " + control.clientWidth + ")");
    }
  }
  // A bar held in view (the form's 'Salvar' bar) passes over the page's content by design.
  const held = (element) => {
    for (let at = element; at; at = at.parentElement) {
      if (["fixed", "sticky"].includes(getComputedStyle(at).position)) return true;
    }
    return false;
  };
  const boxes = [...scope.querySelectorAll("button, a, input:not([type=radio]), label")]
    .filter(shown)
    .map((element) => ({ element, box: element.getBoundingClientRect() }));
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
      if (held(a.element) !== held(b.element)) continue;
      const overlap =
        Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left) > 1 &&
        Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top) > 1;
      if (overlap) faults.push(name(a.element) + " overlaps " + name(b.element));
    }
  }
  return faults;
}`;

test.describe.configure({ timeout: 120_000 });

forEachScreen((screen) => {
  test("at 200 % text size nothing on the wall, its menu or the forms runs over or covers another, and the logo and icons grow", async ({
    page,
    server,
  }) => {
    await server.seed([
      {
        conteudo: "Tudo vale a pena\nse a alma não é pequena.",
        autoria: "Fernando Pessoa",
        etiquetas: ["poesia"],
      },
      { conteudo: "A vida é a arte do encontro", autoria: "Vinicius de Moraes", favorito: true },
    ]);
    await page.goto("/listarPensamento");
    await expect(page.getByRole("article").first()).toBeVisible();
    const logoBefore = await page.getByRole("link", { name: "Memoteca, ir para o mural" }).boundingBox();
    const iconBefore = await page
      .getByRole("button", { name: "Favorito" })
      .first()
      .locator("svg")
      .boundingBox();

    await doubleTheTextSize(page);
    await page.reload();
    await expect(page.getByRole("article").first()).toBeVisible();
    const logoAfter = await page.getByRole("link", { name: "Memoteca, ir para o mural" }).boundingBox();
    const iconAfter = await page
      .getByRole("button", { name: "Favorito" })
      .first()
      .locator("svg")
      .boundingBox();
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
