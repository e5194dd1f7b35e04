import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { forEachScreen } from "./support/screens";

// The page's own names, used inside the page below (the e2e code compiles without the DOM's types).
declare const getComputedStyle: (node: unknown) => { backgroundColor: string };
declare const document: { body: unknown };

const rows = (page: Page) => page.getByRole("main").getByRole("listitem");
/** Each row's link to its label's wall (each row also has 'Ocultar', a link to the wall without it). */
const labelLinks = (page: Page) => rows(page).getByRole("link", { name: /^(?!Ocultar)/ });
const cards = (page: Page) => page.getByRole("article");

forEachScreen((screen) => {
  test("a user finds a label's thoughts typed without accents, and after merging sees the new name everywhere", {
    tag: "@storage",
  }, async ({ page, server }) => {
    await server.seed([
      { conteudo: "Águas de março", autoria: "Tom Jobim", etiquetas: ["Música"] },
      { conteudo: "Construção", autoria: "Chico Buarque", etiquetas: ["MPB"] },
      { conteudo: "Sem etiqueta", autoria: "Alguém" },
    ]);
    await page.goto("/listarPensamento?etiqueta=musica");
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page)).toContainText("Águas de março");
    await expect(page.getByRole("heading", { level: 2 })).toHaveText("Etiqueta “Música” · 1 pensamento");

    // 'MPB' merged into 'música' (another spelling of a label in use): the list, the cards and the heading
    // of the old address all say 'música'.
    await page.goto("/etiquetas");
    await screen.press(page.getByRole("button", { name: "Renomear etiqueta MPB" }));
    await page.getByRole("textbox", { name: "Novo nome para “MPB”" }).fill("música");
    await screen.press(page.getByRole("button", { name: "Salvar" }));
    await expect(labelLinks(page)).toHaveText(["música"]);
    await page.goto("/listarPensamento?etiqueta=M%C3%BAsica");
    await expect(cards(page)).toHaveCount(2);
    await expect(page.getByRole("heading", { level: 2 })).toHaveText("Etiqueta “música” · 2 pensamentos");
    for (const card of await cards(page).all()) {
      await expect(card.getByRole("list", { name: "Etiquetas" }).getByRole("link")).toHaveText(["música"]);
    }
  });

  test("the labels screen lists labels in pt-BR's order, with 'Excluir' lighter than 'Renomear'", {
    tag: "@storage",
  }, async ({ page, server }) => {
    await server.seed(
      ["Livros", "zebra", "Línguas", "ética", "estudo", "Ação", "abril"].map((label, i) => ({
        conteudo: `Pensamento ${i}`,
        autoria: "Alguém",
        etiquetas: [label],
      })),
    );
    await page.goto("/etiquetas");
    await expect(labelLinks(page)).toHaveText([
      "abril",
      "Ação",
      "estudo",
      "ética",
      "Línguas",
      "Livros",
      "zebra",
    ]);
    // The main action filled, the destructive one outlined on the page's own background.
    const look = (name: string) =>
      page
        .getByRole("button", { name })
        .evaluate((button) => [
          getComputedStyle(button).backgroundColor,
          getComputedStyle(document.body).backgroundColor,
        ]);
    const [renameFill, page1] = await look("Renomear etiqueta abril");
    const [deleteFill, page2] = await look("Excluir etiqueta abril");
    expect(renameFill).not.toBe(page1);
    expect(deleteFill).toBe(page2);
  });
});
