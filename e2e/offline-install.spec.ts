import { expect, test } from "./support/fixtures";
import { controllingWorker, waitUntilControlled } from "./support/offline";

test.use({ serviceWorkers: "allow" });

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test("the app can be installed: its manifest is linked, served fresh and valid, and its icons load at their sizes", async ({
  page,
}) => {
  await page.goto("/listarPensamento");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
    "href",
    "/icons/apple-touch-icon.png",
  );
  // A PNG, not the SVG it is drawn from: Chrome decodes the tab's icon again after every change of address, and
  // an SVG one cost each search's key some 10 ms of the page's thread (see scripts/icons.mjs).
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", "/icons/favicon-32.png");
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#154580");

  const answer = await page.request.get(href ?? "");
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  expect(answer.headers()["cache-control"]).toBe("no-cache");
  const manifest = await answer.json();
  expect(manifest).toMatchObject({
    name: "Memoteca",
    short_name: "Memoteca",
    lang: "pt-BR",
    start_url: "/listarPensamento",
    scope: "/",
    display: "standalone",
    theme_color: "#154580",
    background_color: "#ffffff",
  });
  expect(manifest.description).toContain("Guarde trechos de músicas");

  const icons: { src: string; sizes: string; type: string; purpose: string }[] = manifest.icons;
  expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
    "192x192 any",
    "512x512 any",
    "512x512 maskable",
  ]);
  for (const icon of [
    ...icons,
    { src: "/icons/apple-touch-icon.png", sizes: "180x180", type: "image/png" },
    { src: "/icons/favicon-32.png", sizes: "32x32", type: "image/png" },
  ]) {
    const image = await page.request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()["content-type"], icon.src).toBe(icon.type);
    const { width, height } = pngSize(await image.body());
    expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
  }
});

test("the service worker registers after the page loads, under the strict policy, and controls the page", async ({
  page,
}) => {
  const refused: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") refused.push(message.text());
  });
  await page.goto("/listarPensamento");
  await expect(page.getByRole("heading", { level: 1, name: "Meu mural" })).toBeVisible();
  await waitUntilControlled(page);
  const worker = await controllingWorker(page);
  expect(worker.script).toBe("/service-worker.js");
  expect(worker.scope).toBe("/");
  expect(refused).toEqual([]);

  // Served fresh every time, so a new version is found at the next visit, and as a script under the policy.
  const script = await page.request.get("/service-worker.js");
  expect(script.headers()["cache-control"]).toBe("no-cache");
  expect(script.headers()["content-type"]).toMatch(/^(application|text)\/javascript/);
  expect(script.headers()["content-security-policy"]).toContain("default-src 'self'");
});

test("a page that opened outside the worker (its load began before the first worker was active) is taken by it", async ({
  page,
  context,
}) => {
  await page.goto("/listarPensamento");
  await waitUntilControlled(page);
  // The same page loaded without the worker, as one whose navigation started while the worker was still
  // installing: the worker's first claim of the open pages came before this page existed.
  const devtools = await context.newCDPSession(page);
  await devtools.send("Network.enable");
  await devtools.send("Network.setBypassServiceWorker", { bypass: true });
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Meu mural" })).toBeVisible();
  await waitUntilControlled(page);
  expect((await controllingWorker(page)).script).toBe("/service-worker.js");
});
