import type { Page } from "@playwright/test";
import type { Thought } from "../src/domain/contract";
import { expect, test } from "./support/fixtures";
import { forEachScreen } from "./support/screens";

async function stored(page: Page): Promise<Thought[]> {
  return (await page.request.get("/api/pensamentos")).json();
}

const labelsField = (page: Page) => page.getByRole("combobox", { name: "Etiquetas" });

test("a user labels a new thought with a typed label and a suggested one, then removes one", {
  tag: "@storage",
}, async ({ page, server, expectNoAxeViolations }) => {
  // Many steps and an axe pass over a form of three preview cards: more than the default on a busy machine.
  test.setTimeout(90_000);
  await server.seed([{ conteudo: "Mar português", autoria: "Fernando Pessoa", etiquetas: ["Poesia"] }]);
  await page.goto("/criarPensamento");
  await page.getByLabel("Pensamento", { exact: true }).fill("Tanto mar, tanto mar");
  await page.getByLabel("Autoria ou fonte").fill("Chico Buarque");

  await labelsField(page).fill("Música");
  await labelsField(page).press("Enter");
  await labelsField(page).fill("po");
  await expect(page.getByRole("listbox", { name: "Etiquetas em uso" })).toBeVisible();
  await labelsField(page).press("ArrowDown");
  await labelsField(page).press("Enter");
  await labelsField(page).pressSequentially("Rascunho,");
  const chosen = page.getByRole("list", { name: "Etiquetas do pensamento" });
  await expect(chosen.getByRole("listitem")).toHaveText(["Música×", "Poesia×", "Rascunho×"]);
  await expectNoAxeViolations();
  await page.getByRole("button", { name: "Remover etiqueta Rascunho" }).click();
  await page.getByRole("button", { name: "Salvar" }).click();

  await expect(page).toHaveURL(/\/listarPensamento$/);
  const card = page.getByRole("article").first();
  await expect(card.getByRole("list", { name: "Etiquetas" }).getByRole("link")).toHaveText([
    "Música",
    "Poesia",
  ]);
  expect((await stored(page))[0]).toMatchObject({
    conteudo: "Tanto mar, tanto mar",
    etiquetas: ["Música", "Poesia"],
  });
});

test("a user follows a chip and an author to filtered walls kept in the address", {
  tag: "@storage",
}, async ({ page, server, expectNoAxeViolations }) => {
  await server.seed([
    { conteudo: "Tudo vale a pena", autoria: "Fernando Pessoa", etiquetas: ["Poesia"], favorito: true },
    { conteudo: "O poeta é um fingidor", autoria: "Fernando Pessôa", etiquetas: ["poesia", "Alma"] },
    { conteudo: "Tanto mar", autoria: "Chico Buarque", etiquetas: ["Mar"] },
  ]);
  await page.goto("/listarPensamento");
  const fingidor = page.getByRole("article").filter({ hasText: "O poeta é um fingidor" });
  await fingidor.getByRole("link", { name: "Ver pensamentos com a etiqueta poesia" }).click();
  await expect(page).toHaveURL(/\/listarPensamento\?etiqueta=poesia$/);
  await expect(
    page.getByRole("heading", { level: 2, name: "Etiqueta “poesia” · 2 pensamentos" }),
  ).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(2);
  await expectNoAxeViolations();

  await page.getByRole("button", { name: "Meus favoritos" }).click();
  await expect(page).toHaveURL(/favoritos=true&etiqueta=poesia/);
  await expect(page.getByRole("article")).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole("article")).toHaveText([/Tudo vale a pena/]);

  await page.goto("/listarPensamento");
  await page
    .getByRole("article")
    .filter({ hasText: "Tudo vale a pena" })
    .getByRole("link", { name: "Ver pensamentos de Fernando Pessoa" })
    .click();
  await expect(page).toHaveURL(/autoria=Fernando\+Pessoa/);
  await expect(
    page.getByRole("heading", { level: 2, name: "Fernando Pessoa · 2 pensamentos" }),
  ).toBeVisible();
});

test("a user renames a label into another, then deletes one, from the Etiquetas screen", {
  tag: "@storage",
}, async ({ page, server, expectNoAxeViolations }) => {
  await server.seed([
    { conteudo: "Um", autoria: "Alguém", etiquetas: ["Poema", "Poesia"] },
    { conteudo: "Dois", autoria: "Alguém", etiquetas: ["poema", "Rascunho"] },
  ]);
  await page.goto("/listarPensamento");
  await page.getByRole("link", { name: "Etiquetas", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Etiquetas" })).toBeVisible();
  const list = page.getByRole("list", { name: "Etiquetas em uso" });
  await expect(list.getByRole("listitem")).toHaveCount(3);
  await expectNoAxeViolations();

  await page.getByRole("button", { name: "Renomear etiqueta Poema" }).click();
  await page.getByRole("textbox", { name: "Novo nome para “Poema”" }).fill("Poesia");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Etiqueta “Poema” juntada a “Poesia”.")).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveText([/Poesia\s*2 pensamentos/, /Rascunho\s*1 pensamento/]);

  await page.getByRole("button", { name: "Excluir etiqueta Rascunho" }).click();
  const dialog = page.getByRole("dialog", { name: "Excluir a etiqueta “Rascunho”?" });
  await expectNoAxeViolations();
  await dialog.getByRole("button", { name: "Excluir etiqueta" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  expect((await stored(page)).map((t) => t.etiquetas)).toEqual([["Poesia"], ["Poesia"]]);
});

test("a user is told a label cannot be only dots, and renames and deletes labels that hold / % and ...", {
  tag: "@storage",
}, async ({ page, server }) => {
  test.setTimeout(60_000);
  await server.seed([{ conteudo: "Um", autoria: "Alguém", etiquetas: ["a/b", "50%", "..."] }]);
  await page.goto("/criarPensamento");
  await labelsField(page).fill("..");
  await labelsField(page).press("Enter");
  await expect(page.getByText("Etiqueta não pode ser só “.” ou “..”!")).toBeVisible();

  // Each name goes in the path, encoded: the browser must not read it as a folder of the address.
  await page.goto("/etiquetas");
  const list = page.getByRole("list", { name: "Etiquetas em uso" });
  await expect(list.getByRole("listitem")).toHaveCount(3);
  await page.getByRole("button", { name: "Renomear etiqueta a/b" }).click();
  await page.getByRole("textbox", { name: "Novo nome para “a/b”" }).fill("c/d");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Etiqueta renomeada para “c/d”.")).toBeVisible();
  for (const name of ["50%", "..."]) {
    await page.getByRole("button", { name: `Excluir etiqueta ${name}` }).click();
    await page
      .getByRole("dialog", { name: `Excluir a etiqueta “${name}”?` })
      .getByRole("button", { name: "Excluir etiqueta" })
      .click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  }
  await expect(list.getByRole("listitem")).toHaveCount(1);
  expect((await stored(page)).map((t) => t.etiquetas)).toEqual([["c/d"]]);
});

forEachScreen(({ press }) => {
  test("a user who renames and deletes labels, by keyboard and by hand, finds the focus on the next label, then on the heading", async ({
    page,
    server,
    expectNoAxeViolations,
  }) => {
    await server.seed([{ conteudo: "Um", autoria: "Alguém", etiquetas: ["Axé", "Bossa", "Frevo"] }]);
    await page.goto("/etiquetas");
    const list = page.getByRole("list", { name: "Etiquetas em uso" });
    const row = (name: string) => list.getByRole("listitem").filter({ hasText: name });
    await expect(list.getByRole("listitem")).toHaveCount(3);

    // By keyboard: 'Axé' renamed into 'Frevo', the two become one; 'Bossa' now stands in its place.
    await page.getByRole("button", { name: "Renomear etiqueta Axé" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("textbox", { name: "Novo nome para “Axé”" })).toBeFocused();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("Frevo");
    await page.keyboard.press("Enter");
    await expect(page.getByText("Etiqueta “Axé” juntada a “Frevo”.")).toBeVisible();
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await expect(row("Bossa")).toBeFocused();
    await expectNoAxeViolations();

    // By hand: the last label deleted, the focus on the one before it.
    await press(page.getByRole("button", { name: "Excluir etiqueta Frevo" }));
    await press(
      page
        .getByRole("dialog", { name: "Excluir a etiqueta “Frevo”?" })
        .getByRole("button", { name: "Excluir etiqueta" }),
    );
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(row("Bossa")).toBeFocused();

    // By keyboard again: the last one left deleted, the focus on the heading (past the label's link,
    // 'Ocultar' and 'Renomear').
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Excluir etiqueta Bossa" })).toBeFocused();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Excluir a etiqueta “Bossa”?" });
    await dialog.getByRole("button", { name: "Excluir etiqueta" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Nenhuma etiqueta em uso.", { exact: false })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Etiquetas" })).toBeFocused();
  });
});
