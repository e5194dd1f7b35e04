import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import type { Thought } from "../src/domain/contract";
import { expect, test } from "./support/fixtures";
import { forEachScreen } from "./support/screens";

/** What the Kindle writes: six thoughts' worth, three notes on highlights, a bookmark, an edited note. */
const clippingsFile = async () => ({
  name: "My Clippings.txt",
  mimeType: "text/plain",
  buffer: await readFile(new URL("../test-support/fixtures/kindle-pt-BR.txt", import.meta.url)),
});

const field = (page: Page) => page.getByLabel("Arquivo para importar");
const summary = (page: Page) => page.getByRole("status").filter({ hasText: /pensamentos?/ });

async function storedThoughts(page: Page): Promise<Thought[]> {
  return (await page.request.get("/api/pensamentos?_limit=100")).json();
}

forEachScreen(({ press }) => {
  test("a reader imports the Kindle's My Clippings.txt: each highlight with its book, place, date and note, and once only", {
    tag: "@storage",
  }, async ({ page }) => {
    await page.goto("/importarExportar");
    await field(page).setInputFiles(await clippingsFile());
    await press(page.getByRole("button", { name: "Importar", exact: true }));
    await expect(summary(page)).toHaveText(
      "6 pensamentos importados, 2 ignorados (Marcadores do Kindle: 1; Notas repetidas do Kindle: 1).",
    );

    const stored = await storedThoughts(page);
    expect(stored).toHaveLength(6);
    // The server and this test share the machine's time zone, in which the device's clock is read.
    expect(
      stored.find((thought) => thought.conteudo === "Olhos de cigana oblíqua e dissimulada."),
    ).toMatchObject({
      autoria: "Machado de Assis",
      fonte: "Dom Casmurro",
      local: "p. 12, posição 180-183",
      nota: "Capitu, sempre Capitu.",
      criadoEm: new Date(2023, 2, 3, 22, 15, 22).toISOString(),
      etiquetas: ["kindle"],
    });
    expect(stored.find((thought) => thought.conteudo === "Um pensamento meu, sem destaque.")).toMatchObject({
      autoria: "Neil Gaiman; Terry Pratchett",
      fonte: "Belas Maldições",
      nota: "",
      etiquetas: ["kindle", "minha nota"],
    });

    await press(page.getByRole("link", { name: "Ver o mural" }));
    await expect(page.getByRole("article").filter({ hasText: "Viver é muito perigoso." })).toContainText(
      "João Guimarães Rosa",
    );

    // The header's link is behind the menu on a phone: the second import comes by its address.
    await page.goto("/importarExportar");
    await field(page).setInputFiles(await clippingsFile());
    await press(page.getByRole("button", { name: "Importar", exact: true }));
    await expect(summary(page)).toHaveText(
      "0 pensamentos importados, 8 ignorados (6 já estavam no mural; Marcadores do Kindle: 1; Notas repetidas do Kindle: 1).",
    );
    expect(await storedThoughts(page)).toHaveLength(6);
  });
});
