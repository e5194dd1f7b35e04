import { createHash } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

const cards = (page: Page) => page.getByRole("article");

/** Fourteen thoughts, numbered in the order they were saved (the wall shows the newest first). */
const fourteen = Array.from({ length: 14 }, (_, index) => ({
  conteudo: `Pensamento número ${index + 1}`,
  autoria: `Autora ${index + 1}`,
}));

/** Every request the page makes to the API, by path and query. */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) calls.push(`${url.pathname}${url.search}`);
  });
  return calls;
}

/** Errors the page logs (a hydration mismatch is one) and policy violations it reports. */
function pageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the wall's first page, the day's thought and the view's title arrive with the HTML", {
    tag: "@storage",
  }, async ({ page, server }) => {
    await server.seed(fourteen);
    await page.goto("/listarPensamento");
    await expect(page).toHaveTitle("Meu mural · Memoteca");
    await expect(page.getByRole("heading", { level: 1, name: "Meu mural" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Pensamento do dia" })).toBeVisible();
    await expect(page.getByRole("figure")).toContainText("Pensamento número");
    await expect(cards(page)).toHaveCount(6);
    await expect(cards(page).first()).toContainText("Pensamento número 14");
    await expect(cards(page).last()).toContainText("Pensamento número 9");
  });

  test("a search in the address is rendered as that view, favorites only", { tag: "@storage" }, async ({
    page,
    server,
  }) => {
    await server.seed([
      { conteudo: "O amor é fogo que arde sem se ver", autoria: "Camões", favorito: true },
      { conteudo: "Amor sem favorito", autoria: "Outro" },
      { conteudo: "Nada a ver", autoria: "Ninguém", favorito: true },
    ]);
    await page.goto("/listarPensamento?q=amor&favoritos=true");
    await expect(page).toHaveTitle("Busca “amor” · Meus favoritos · Memoteca");
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText("Camões");
    await expect(page.getByRole("searchbox", { name: "O que você procura" })).toHaveValue("amor");
    await expect(page.getByRole("heading", { name: "Pensamento do dia" })).toHaveCount(0);
  });

  test("a visitor without the password gets no thought in the HTML", async ({ page, server }) => {
    await server.seed([{ conteudo: "Segredo guardado", autoria: "Eu" }]);
    await server.setPassword("uma senha só nossa");
    const response = await page.goto("/listarPensamento");
    const html = (await response?.text()) ?? "";
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain("Segredo guardado");
  });
});

test("the wall's cards are on screen before any call to the API, and the page then works as before", {
  tag: "@storage",
}, async ({ page, server }) => {
  await server.seed(fourteen);
  const calls = apiCalls(page);
  const problems = pageProblems(page);
  await page.goto("/listarPensamento");
  await expect(cards(page)).toHaveCount(6);
  // Hydrated from the answers in the page: neither the session, the list nor the day's thought asked again.
  // The calls are what is left of the day's review ('Revisão · 5'), asked once the page has settled, and the
  // live stream, opened once the page has loaded and the browser is idle.
  await expect(page.getByRole("status", { name: "Atualizações ao vivo" })).toHaveText("Ao vivo");
  // The stream starts after the change log's head as the server read it for the page (the 14 seeded).
  await expect.poll(() => [...calls].sort()).toEqual(["/api/eventos?desde=14", "/api/revisao"]);

  // The cards react: the favorite is saved, and the next page comes after the one the server rendered.
  const newest = page.getByRole("article", { name: "Pensamento de Autora 14" });
  await newest.getByRole("button", { name: "Favorito" }).click();
  await expect(newest.getByRole("button", { name: "Favorito" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Carregar mais" }).click();
  await expect(cards(page)).toHaveCount(12);
  await expect(cards(page).last()).toContainText("Pensamento número 3");
  expect(calls.some((call) => call.startsWith("/api/pensamentos?") && call.includes("_after=9"))).toBe(true);
  expect(problems).toEqual([]);
  expect((await server.store.thoughts.get(14))?.favorito).toBe(true);
});

test("the stylesheet comes inlined, and the code loaded as the wall settles does not fetch it again", async ({
  page,
  server,
}) => {
  await server.seed(fourteen);
  const stylesheets: Promise<string>[] = [];
  const fonts: string[] = [];
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (type === "stylesheet") stylesheets.push(response.text());
    if (type === "font") fonts.push(new URL(response.url()).pathname);
  });
  await page.goto("/listarPensamento");
  const inlined = await page.locator("head style").first().textContent();
  expect(inlined?.length ?? 0).toBeGreaterThan(1000);
  // 'Ao vivo' is drawn by the forms' code, which comes (with its own stylesheets) once the page has settled.
  await expect(page.getByRole("status", { name: "Atualizações ao vivo" })).toHaveText("Ao vivo");
  const again = (await Promise.all(stylesheets)).filter((css) => css === inlined);
  expect(again, "the inlined stylesheet was fetched").toHaveLength(0);
  // Fetched again, the page's stylesheet would ask for its fonts again.
  expect(fonts.length).toBeGreaterThan(0);
  expect(new Set(fonts).size).toBe(fonts.length);
});

test("the rendered page keeps the strict policy: no inline script runs but the build's own, the state is data", async ({
  page,
  server,
}) => {
  await server.seed([{ conteudo: 'Fim </script><script>alert("x")</script>', autoria: "<b>Ousado</b>" }]);
  // Chromium reports each blocked script on the console ("Refused to execute inline script…").
  const problems = pageProblems(page);
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const response = await page.goto("/listarPensamento");
  const policy = response?.headers()["content-security-policy"] ?? "";
  expect(policy).toContain("script-src 'self'");
  expect(policy).not.toContain("unsafe-inline");
  await expect(cards(page).first()).toContainText('Fim </script><script>alert("x")</script>');
  await expect(cards(page).first()).toContainText("<b>Ousado</b>");
  const scripts = await page.locator("script").evaluateAll((nodes) =>
    nodes.map((node) => ({
      type: node.getAttribute("type"),
      src: node.getAttribute("src"),
      text: node.textContent ?? "",
    })),
  );
  expect(scripts.filter((script) => script.type === "application/json")).toHaveLength(1);
  // One inline script runs: the build's own (it keeps the taps made before the app loads), allowed by the
  // hash of its exact text and by nothing wider.
  const inline = scripts.filter((script) => script.type !== "application/json" && script.src === null);
  expect(inline).toHaveLength(1);
  const hash = createHash("sha256")
    .update(inline[0]?.text ?? "", "utf8")
    .digest("base64");
  expect(
    policy
      .split(";")
      .find((part) => part.trim().startsWith("script-src"))
      ?.trim(),
  ).toBe(`script-src 'self' 'sha256-${hash}'`);
  expect(dialogs).toEqual([]);
  expect(problems).toEqual([]);
});

test("the page and its script arrive compressed, and the address / leads to the wall", async ({
  page,
  request,
  server,
}) => {
  await server.seed(fourteen);
  const home = await request.get("/", { maxRedirects: 0 });
  expect(home.status()).toBe(302);
  expect(home.headers().location).toBe("/listarPensamento");

  const wall = await request.get("/listarPensamento", { headers: { "Accept-Encoding": "br, gzip" } });
  expect(wall.headers()["content-encoding"]).toBe("br");
  expect(wall.headers()["cache-control"]).toBe("private, no-cache");
  expect(await wall.text()).toContain("Pensamento número 14");

  const scripts: string[] = [];
  page.on("response", (response) => {
    if (response.url().endsWith(".js")) scripts.push(response.headers()["content-encoding"] ?? "none");
  });
  await page.goto("/listarPensamento");
  await expect(cards(page)).toHaveCount(6);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.every((encoding) => encoding === "br")).toBe(true);

  // The entry opens with V8's compile hint (scripts/vite-compile-hints.ts): its first line, or it is ignored.
  const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(await wall.text())?.[1];
  expect(entry, "the page's module script").toBeDefined();
  const code = await (await request.get(entry as string)).text();
  expect(code.split("\n")[0]).toBe("//# allFunctionsCalledOnLoad");
});
