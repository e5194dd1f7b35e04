import { expect, test } from "./support/fixtures";

test("a user shares a card as an image: downloads the PNG the server drew and copies the text", async ({
  page,
  context,
  server,
  expectNoAxeViolations,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const [thought] = await server.seed([
    {
      conteudo: "Coração de estudante\nHá que se cuidar da vida",
      autoria: "Milton Nascimento",
      modelo: "modelo2",
    },
  ]);
  await page.goto("/listarPensamento");
  const share = page.getByRole("article", { name: "Pensamento de Milton Nascimento" }).getByRole("button", {
    name: "Compartilhar",
  });
  await share.click();

  const dialog = page.getByRole("dialog", { name: "Compartilhar" });
  const image = dialog.getByRole("img", { name: "Cartão com o pensamento de Milton Nascimento" });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBe(1200);
  expect(await image.evaluate((img) => (img as unknown as { naturalHeight: number }).naturalHeight)).toBe(
    630,
  );
  await expectNoAxeViolations();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("link", { name: "Baixar imagem" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`memoteca-milton-nascimento-${thought?.id}.png`);
  const bytes = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(bytes).subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));

  await dialog.getByRole("button", { name: "Copiar texto" }).click();
  await expect(dialog.getByText("Texto copiado.")).toBeVisible();
  expect(await page.evaluate<string>("navigator.clipboard.readText()")).toBe(
    "“Coração de estudante\nHá que se cuidar da vida”\n— Milton Nascimento",
  );

  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(share).toBeFocused();
});
