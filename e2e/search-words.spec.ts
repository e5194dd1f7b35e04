import type { Locator } from "@playwright/test";
import { expect, test } from "./support/fixtures";

const library = [
  {
    conteudo: "O poeta é um fingidor. Finge tão completamente",
    autoria: "Fernando Pessoa",
    etiquetas: ["Modernismo"],
  },
  {
    conteudo: "Eu sou trezentos, sou trezentos-e-cincoenta",
    autoria: "Mário de Andrade",
    etiquetas: ["Modernismo"],
  },
  { conteudo: "A vida é a arte do encontro", autoria: "Vinicius de Moraes", etiquetas: ["Bossa"] },
];

for (const screen of [
  { name: "a wide screen", viewport: { width: 1280, height: 800 }, touch: false },
  { name: "a phone", viewport: { width: 390, height: 844 }, touch: true },
]) {
  test.describe(`on ${screen.name}`, () => {
    test.use({ viewport: screen.viewport, hasTouch: screen.touch });
    const press = (target: Locator) => (screen.touch ? target.tap() : target.click());

    test("a user finds a thought by words they remember, in any order, one of them a label's name, then finds nothing and is offered a way on", {
      tag: "@storage",
    }, async ({ page, server, expectNoAxeViolations }) => {
      await server.seed(library);
      await page.goto("/listarPensamento");
      const box = page.getByRole("searchbox", { name: "O que você procura" });
      await expect(page.getByRole("article")).toHaveCount(3);

      // Two words apart in the text, typed in another order and case: both marked in the card.
      await box.pressSequentially("FINGIDOR poeta");
      await expect(page.getByRole("article")).toHaveCount(1);
      await expect(page.getByRole("article").locator("mark")).toHaveText(["poeta", "fingidor"]);

      // A label's name that no text holds, beside a word of the text, the last one still being typed.
      await box.fill("");
      await box.pressSequentially("trezentos modern");
      await expect(page.getByRole("article")).toHaveCount(1);
      await expect(page.getByRole("article")).toContainText("Mário de Andrade");

      // Nothing holds all three: said, with the way back and the names that hold a word.
      await box.fill("");
      await box.pressSequentially("mário bossa xyz");
      await expect(page.getByText("Nenhum pensamento encontrado para “mário bossa xyz”.")).toBeVisible();
      const labels = page.getByRole("region", { name: "Etiquetas com essas palavras" });
      await expect(labels.getByRole("link", { name: "Bossa (1 pensamento)" })).toBeVisible();
      const authors = page.getByRole("region", { name: "Autores com essas palavras" });
      await expect(authors.getByRole("link", { name: "Mário de Andrade (1 pensamento)" })).toBeVisible();
      await expectNoAxeViolations();

      // A suggested label leads to its thoughts; Back returns to the search as it was.
      await press(labels.getByRole("link", { name: "Bossa (1 pensamento)" }));
      await expect(page).toHaveURL(/etiqueta=Bossa/);
      await expect(page.getByRole("article")).toHaveCount(1);
      await page.goBack();
      await expect(box).toHaveValue("mário bossa xyz");

      await press(page.getByRole("button", { name: "Limpar busca" }));
      await expect(page.getByRole("article")).toHaveCount(3);
      await expect(box).toHaveValue("");
      await expect(box).toBeFocused();
    });
  });
}
