import type { ReviewDay } from "../src/domain/contract";
import { expect, test } from "./support/fixtures";
import { cachedApiUrls, waitUntilControlled } from "./support/offline";

test.use({ serviceWorkers: "allow" });

const progress = (page: import("@playwright/test").Page) =>
  page.getByRole("status").filter({ hasText: / de \d+$/ });

test("a reader answers the day's review without a connection; the answers reach the server once it returns", async ({
  page,
  context,
  server,
}) => {
  test.setTimeout(90_000);
  await server.seed(Array.from({ length: 5 }, (_, index) => ({ autoria: `Autora ${index + 1}` })));
  await page.goto("/listarPensamento");
  await waitUntilControlled(page);
  // Opened once with a connection: the service worker keeps the day's set.
  await page.goto("/revisao");
  await expect(progress(page)).toHaveText("1 de 5");
  await expect.poll(() => cachedApiUrls(page)).toContain("/api/revisao");
  const first = await page.getByRole("figure").locator("blockquote").innerText();

  await context.setOffline(true);
  await page.reload();
  await expect(progress(page)).toHaveText("1 de 5");
  await expect(page.getByRole("figure").locator("blockquote")).toHaveText(first);
  await page.keyboard.press("Enter");
  await expect(progress(page)).toHaveText("2 de 5");
  await page.keyboard.press("2");
  await expect(progress(page)).toHaveText("3 de 5");

  await context.setOffline(false);
  await expect
    .poll(async () => ((await (await page.request.get("/api/revisao")).json()) as ReviewDay).feitos)
    .toBe(2);
  await page.reload();
  await expect(progress(page)).toHaveText("3 de 5");
  // Nothing is left on the device to send again.
  expect(await page.evaluate<string | null>('localStorage.getItem("memoteca-revisao-respostas")')).toBeNull();
});
