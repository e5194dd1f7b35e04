import type { Locator } from "@playwright/test";
import { expect, test } from "./support/fixtures";

/** The part of the DOM's Element.getAnimations the test reads (the e2e code is typed without the DOM's lib). */
interface AnimatedElement {
  getAnimations(options: { subtree: boolean }): {
    effect: { getTiming(): { iterations?: number } } | null;
    finished: Promise<unknown>;
  }[];
}

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

for (const screen of [
  { name: "a wide screen", viewport: { width: 1280, height: 720 }, touch: false },
  { name: "a phone", viewport: { width: 390, height: 844 }, touch: true },
]) {
  test.describe(`on ${screen.name}`, () => {
    test.use({ viewport: screen.viewport, hasTouch: screen.touch });
    const press = (target: Locator) => (screen.touch ? target.tap() : target.click());

    test("while the server draws an emoji thought's image, the dialog says 'Gerando imagem…' in the image's own box, then shows the image there", async ({
      page,
      server,
      expectNoAxeViolations,
    }) => {
      const [thought] = await server.seed([
        { conteudo: "Bom dia ☀️🌻💙", autoria: "Girassol", modelo: "modelo3" },
      ]);
      // The drawing held back until the placeholder has been looked at: a warm server draws it too fast.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(`/api/pensamentos/${thought?.id}/imagem.png`, async (route) => {
        await held;
        await route.fallback();
      });
      await page.goto("/listarPensamento");
      await press(
        page
          .getByRole("article", { name: "Pensamento de Girassol" })
          .getByRole("button", { name: "Compartilhar" }),
      );

      const dialog = page.getByRole("dialog", { name: "Compartilhar" });
      const preview = dialog.locator("[aria-busy]");
      await expect(preview).toHaveAttribute("aria-busy", "true");
      await expect(preview.getByText("Gerando imagem…")).toBeVisible();
      // Measured once the dialog has finished rising into place (its opening animation), not mid-way.
      await dialog.evaluate((element) =>
        Promise.all(
          (element as unknown as AnimatedElement)
            .getAnimations({ subtree: true })
            .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
            .map((animation) => animation.finished),
        ),
      );
      const waiting = await preview.boundingBox();
      expect((waiting?.width ?? 0) / (waiting?.height ?? 1)).toBeCloseTo(1200 / 630, 1);
      await expectNoAxeViolations();

      release();
      const image = dialog.getByRole("img", { name: "Cartão com o pensamento de Girassol" });
      await expect
        .poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
        .toBe(1200);
      await expect(preview).toHaveAttribute("aria-busy", "false");
      await expect(dialog.getByText("Gerando imagem…")).toHaveCount(0);
      // The image took the placeholder's place without moving anything.
      expect(await image.boundingBox()).toEqual(waiting);
      await expectNoAxeViolations();
    });
  });
}
