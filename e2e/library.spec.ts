import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

const library = [
  {
    conteudo: "Capitu, olhos de ressaca",
    autoria: "Machado de Assis",
    fonte: "Dom Casmurro",
    local: "p. 10",
  },
  {
    conteudo: "A vida é cheia de obrigações",
    autoria: "Machado de Assis",
    fonte: "Dom Casmurro",
    local: "p. 9",
  },
  { conteudo: "Ao vencedor, as batatas", autoria: "Machado de Assis", fonte: "Quincas Borba", local: "p. 2" },
  { conteudo: "Sem página", autoria: "Machado de Assis", fonte: "Dom Casmurro" },
  { conteudo: "É tão vasto", autoria: "Clarice Lispector", fonte: "Água viva", local: "p. 12" },
  { conteudo: "Liberdade é pouco", autoria: "clarice lispector" },
  { conteudo: "A poesia está guardada nas palavras", autoria: "Adélia Prado" },
  { conteudo: "Mar português", autoria: "Érico Verissimo" },
  { conteudo: "Viver é muito perigoso", autoria: "Zélia Gattai" },
];

for (const screen of [
  { name: "a wide screen", viewport: { width: 1280, height: 800 }, touch: false },
  { name: "a phone", viewport: { width: 390, height: 844 }, touch: true },
]) {
  test.describe(`on ${screen.name}`, () => {
    test.use({ viewport: screen.viewport, hasTouch: screen.touch });
    const press = (target: Locator) => (screen.touch ? target.tap() : target.click());
    /** A link of the header: in the row on a wide screen, behind 'Menu' on a phone. */
    async function fromMenu(page: Page, name: string) {
      if (screen.touch) await page.getByRole("button", { name: "Menu" }).tap();
      await press(page.getByRole("banner").getByRole("link", { name }));
    }

    test("a reader finds an author by its letter, then its sources, then a source's quotes in page order", async ({
      page,
      server,
      expectNoAxeViolations,
    }) => {
      test.setTimeout(90_000);
      await server.seed(library);
      await page.goto("/listarPensamento");
      await fromMenu(page, "Autores");
      await expect(page).toHaveURL(/\/autores$/);
      await expect(page.getByRole("heading", { level: 1, name: "Autores" })).toBeVisible();
      await expect(page).toHaveTitle("Autores · Memoteca");
      const index = page.getByRole("navigation", { name: "Índice de letras" });
      await expect(index.getByRole("link")).toHaveText(["A", "C", "E", "M", "Z"]);
      await expect(page.getByRole("region", { name: "C" }).getByRole("listitem")).toHaveText([
        /Clarice Lispector\s*2 pensamentos/,
      ]);
      await expectNoAxeViolations();

      // The letter leads to its section, by keyboard on a wide screen and by a tap on a phone.
      const letterM = index.getByRole("link", { name: "Letra M" });
      if (screen.touch) await letterM.tap();
      else {
        await letterM.focus();
        await page.keyboard.press("Enter");
      }
      await expect(page).toHaveURL(/\/autores#letra-M$/);
      await expect(page.getByRole("heading", { level: 2, name: "M" })).toBeInViewport();
      const machado = page.getByRole("region", { name: "M" }).getByRole("link", { name: "Machado de Assis" });
      await press(machado);

      // The author's page: all of its thoughts, whatever their source, and a way to its sources.
      await expect(page).toHaveURL(/\/listarPensamento\?autoria=Machado/);
      await expect(
        page.getByRole("heading", { level: 2, name: "Machado de Assis · 4 pensamentos" }),
      ).toBeVisible();
      await expect(page.getByRole("article")).toHaveCount(4);
      await press(page.getByRole("link", { name: "Fontes deste autor" }));
      await expect(page.getByRole("heading", { level: 1, name: "Fontes de Machado de Assis" })).toBeVisible();
      const sources = page.getByRole("list", { name: "Fontes do mural" }).getByRole("listitem");
      await expect(sources).toHaveText([/Dom Casmurro.*3 pensamentos/, /Quincas Borba.*1 pensamento/]);
      await expectNoAxeViolations();

      await press(page.getByRole("link", { name: "Dom Casmurro" }));
      await expect(page.getByRole("heading", { level: 1, name: "Dom Casmurro" })).toBeVisible();
      await expect(page).toHaveTitle("Dom Casmurro · Fontes · Memoteca");
      const cards = page.getByRole("list", { name: "Pensamentos de Dom Casmurro" }).getByRole("article");
      await expect(cards).toHaveText([/obrigações/, /Capitu/, /Sem página/]);
      await expectNoAxeViolations();

      // A reload keeps the source's page; the header leads to every source.
      await page.reload();
      await expect(cards).toHaveCount(3);
      await fromMenu(page, "Fontes");
      await expect(page.getByRole("heading", { level: 1, name: "Fontes" })).toBeVisible();
      await expect(page.getByRole("list", { name: "Fontes do mural" }).getByRole("listitem")).toHaveText([
        /Água viva\s*de Clarice Lispector\s*1 pensamento/,
        /Dom Casmurro/,
        /Quincas Borba/,
      ]);
      await expectNoAxeViolations();
    });
  });
}

test("a keyboard user tabs from the letter index into the authors, each link named", async ({
  page,
  server,
}) => {
  await server.seed(library);
  await page.goto("/autores");
  const index = page.getByRole("navigation", { name: "Índice de letras" });
  await expect(index.getByRole("link")).toHaveCount(5);
  await index.getByRole("link", { name: "Letra Z" }).focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Adélia Prado" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: "Adélia Prado · 1 pensamento" })).toBeVisible();
});
