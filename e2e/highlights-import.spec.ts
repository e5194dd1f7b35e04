import type { Page } from "@playwright/test";
import type { Thought } from "../src/domain/contract";
import { readwiseCsv } from "../test-support/server/highlight-files";
import { expect, test } from "./support/fixtures";
import { forEachScreen } from "./support/screens";

/** Readwise's export: two books, one of which the reader will leave out. */
const readwiseFile = {
  name: "readwise-export.csv",
  mimeType: "text/csv",
  buffer: readwiseCsv([
    {
      highlight: "Viver é muito perigoso.",
      title: "Grande Sertão: Veredas",
      author: "Guimarães Rosa",
      locationType: "page",
      location: "12",
    },
    {
      highlight: "O sertão é do tamanho do mundo.",
      title: "Grande Sertão: Veredas",
      author: "Guimarães Rosa",
    },
    { highlight: "Olhos de ressaca.", title: "Dom Casmurro", author: "Machado de Assis" },
  ]),
};

/** A spreadsheet's CSV of quotes, its columns in Portuguese words the server does not know. */
const quotesFile = {
  name: "citacoes",
  mimeType: "application/octet-stream",
  buffer: Buffer.from(
    "Frase;Quem;Obra\r\nA poesia está guardada nas palavras.;Manoel de Barros;Memórias inventadas\r\nO essencial é invisível aos olhos.;Saint-Exupéry;O Pequeno Príncipe\r\n",
  ),
};

const field = (page: Page) => page.getByLabel("Arquivo para importar");
const summary = (page: Page) => page.getByRole("status").filter({ hasText: /pensamentos?|CSV/ });

async function storedThoughts(page: Page): Promise<Thought[]> {
  return (await page.request.get("/api/pensamentos?_limit=100")).json();
}

forEachScreen(({ press }) => {
  test("a reader previews a Readwise export, unticks a book, maps an unknown CSV and finds the thoughts on the wall", {
    tag: "@storage",
  }, async ({ page, expectNoAxeViolations }) => {
    // Two imports, each simulated first, and two axe passes: more than one screen's walk.
    test.setTimeout(120_000);
    await page.goto("/importarExportar");
    await field(page).setInputFiles(readwiseFile);
    await press(page.getByRole("button", { name: "Simular importação" }));
    await expect(summary(page)).toContainText("Simulação: 3 pensamentos seriam importados.");
    await expect(page.getByText("Arquivo reconhecido: Readwise (CSV).")).toBeVisible();
    const sources = page.getByRole("group", { name: "Fontes no arquivo" });
    const domCasmurro = sources.getByRole("checkbox", { name: /Dom Casmurro — Machado de Assis/ });
    await expect(
      sources.getByRole("checkbox", { name: /Grande Sertão: Veredas.*2 pensamentos, 2 novos/ }),
    ).toBeChecked();
    await expect(domCasmurro).toBeChecked();
    await expectNoAxeViolations();

    await press(domCasmurro);
    await expect(domCasmurro).not.toBeChecked();
    await press(page.getByRole("button", { name: "Importar", exact: true }));
    await expect(summary(page)).toHaveText("2 pensamentos importados, 1 ignorado (Fontes desmarcadas: 1).");
    const stored = await storedThoughts(page);
    expect(stored.map((thought) => thought.conteudo).sort()).toEqual([
      "O sertão é do tamanho do mundo.",
      "Viver é muito perigoso.",
    ]);
    expect(stored.find((thought) => thought.conteudo === "Viver é muito perigoso.")).toMatchObject({
      fonte: "Grande Sertão: Veredas",
      local: "página 12",
      etiquetas: ["readwise"],
    });

    // A CSV the server does not know: it asks which column is which, with the first rows.
    await field(page).setInputFiles(quotesFile);
    await press(page.getByRole("button", { name: "Simular importação" }));
    await expect(summary(page)).toContainText("O CSV tem colunas que o Memoteca não conhece");
    const mapping = page.getByRole("group", { name: "Colunas do CSV" });
    await mapping.getByLabel("Texto (obrigatório)").selectOption("Frase");
    await mapping.getByLabel("Autoria (obrigatório)").selectOption("Quem");
    await mapping.getByLabel("Fonte").selectOption("Obra");
    await expect(mapping.getByRole("table")).toContainText("Manoel de Barros");
    await expectNoAxeViolations();
    await press(page.getByRole("button", { name: "Simular importação" }));
    await expect(summary(page)).toContainText("Simulação: 2 pensamentos seriam importados.");
    await expect(page.getByRole("group", { name: "Fontes no arquivo" }).getByRole("checkbox")).toHaveCount(2);
    await press(page.getByRole("button", { name: "Importar", exact: true }));
    await expect(summary(page)).toHaveText("2 pensamentos importados.");

    await press(page.getByRole("link", { name: "Ver o mural" }));
    await expect(
      page.getByRole("article").filter({ hasText: "O essencial é invisível aos olhos." }),
    ).toContainText("Saint-Exupéry");
    await expect(page.getByRole("article").filter({ hasText: "Viver é muito perigoso." })).toContainText(
      "Guimarães Rosa",
    );
    await expect(page.getByRole("article").filter({ hasText: "Olhos de ressaca." })).toHaveCount(0);
  });
});
