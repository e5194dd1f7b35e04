import { expect, test } from "./support/fixtures";

const box = (page: import("@playwright/test").Page) =>
  page.getByRole("searchbox", { name: "O que você procura" });

test("a user searches from the third letter, accents and case aside, and sees the match marked", {
  tag: "@storage",
}, async ({ page, server }) => {
  await server.seed([
    { conteudo: "O Coração tem razões que a própria razão desconhece.", autoria: "Blaise Pascal" },
    { conteudo: "Sonho que se sonha só", autoria: "Raul Seixas" },
  ]);
  await page.goto("/listarPensamento");
  await expect(box(page)).toHaveAttribute("placeholder", "O que você procura");
  await expect(page.getByRole("article")).toHaveCount(2);

  await box(page).pressSequentially("co");
  await expect(page.getByText("Digite ao menos 3 letras para buscar.")).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(2);

  await box(page).pressSequentially("racao");
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("article").locator("mark")).toHaveText("Coração");

  await box(page).press("Control+a");
  await box(page).press("Backspace");
  await expect(page.getByRole("article")).toHaveCount(2);
});

test("a user searching by author finds the author's thoughts", { tag: "@storage" }, async ({
  page,
  server,
}) => {
  await server.seed([
    { conteudo: "Sonho que se sonha só", autoria: "Raul Seixas" },
    { conteudo: "Outra coisa", autoria: "Alguém" },
  ]);
  await page.goto("/listarPensamento");
  await box(page).pressSequentially("  SEIXAS ");
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("article").locator("mark")).toHaveText("Seixas");
});

test("a user who finds nothing is told so in the search's own words", { tag: "@storage" }, async ({
  page,
  server,
  expectNoAxeViolations,
}) => {
  await server.seed([{ conteudo: "Nada a ver", autoria: "Ninguém" }]);
  await page.goto("/listarPensamento");
  await box(page).pressSequentially("xyz");
  await expect(page.getByText("Nenhum pensamento encontrado para “xyz”.")).toBeVisible();
  await expectNoAxeViolations();
});

test("a user typing fast never sees an older, slower answer replace the newer one", async ({
  page,
  server,
}) => {
  await server.seed([
    { conteudo: "amor antigo", autoria: "Primeira" },
    { conteudo: "amora madura", autoria: "Segunda" },
  ]);
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  let slowDone = () => {};
  const slowFinished = new Promise<void>((resolve) => (slowDone = resolve));
  await page.route(
    (url) => url.pathname === "/api/pensamentos" && url.searchParams.get("q") === "amo",
    async (route) => {
      await gate;
      // The wall may already have aborted it; either way the answer must not reach the screen.
      await route.continue().catch(() => undefined);
      slowDone();
    },
  );
  await page.goto("/listarPensamento");
  await expect(page.getByRole("article")).toHaveCount(2);
  // Keys that come within one frame are drawn (and asked for) once, as the last of them: the user pauses
  // after "amo" just long enough for its request to leave, then types on while it is held.
  const slowAsked = page.waitForRequest((request) => new URL(request.url()).searchParams.get("q") === "amo");
  await box(page).pressSequentially("amo");
  await slowAsked;
  await box(page).pressSequentially("ra");
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("article")).toContainText("amora madura");
  release();
  await slowFinished;
  // One more frame, in which a late answer would have been drawn.
  await page.evaluate("new Promise((resolve) => requestAnimationFrame(() => resolve(null)))");
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("article")).toContainText("amora madura");
});

/** Two thoughts the searches below tell apart, and a third neither finds. */
const searchable = [
  { conteudo: "Amor antigo, guardado em cartas", autoria: "Primeira" },
  { conteudo: "Amora madura no pé", autoria: "Segunda" },
  { conteudo: "Nada a ver", autoria: "Terceira" },
];

/** What the address says the wall is searching for ("" for no search). */
const searchInAddress = (page: import("@playwright/test").Page) =>
  new URL(page.url()).searchParams.get("q") ?? "";

test("a user whose phone writes the search (predictive text, no key pressed) sees results and address follow", async ({
  page,
  server,
  expectNoAxeViolations,
}) => {
  await server.seed(searchable);
  await page.goto("/listarPensamento");
  await expect(page.getByRole("article")).toHaveCount(3);
  await box(page).focus();

  // Text put in as a whole, as predictive text, dictation and autofill do: no key goes down or up.
  await page.keyboard.insertText("amora");
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("article")).toContainText("Amora madura");
  await expect.poll(() => searchInAddress(page)).toBe("amora");

  // A suggestion replacing the word: the selection gives way to the new text.
  await box(page).selectText();
  await page.keyboard.insertText("amor antigo");
  await expect(box(page)).toHaveValue("amor antigo");
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("article")).toContainText("Amor antigo");
  await expect.poll(() => searchInAddress(page)).toBe("amor antigo");
  await expectNoAxeViolations();

  // Emptied without a key either (a keyboard's own clear button): the whole wall, and no search in the address.
  await box(page).fill("");
  await expect(box(page)).toHaveValue("");
  await expect(page.getByRole("article")).toHaveCount(3);
  await expect(page).toHaveURL(/\/listarPensamento$/);
});

test("a user pasting into the search sees the pasted text's results and address", async ({
  page,
  server,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await server.seed(searchable);
  await page.goto("/listarPensamento");
  await expect(page.getByRole("article")).toHaveCount(3);
  await page.evaluate("navigator.clipboard.writeText('madura')");
  await box(page).focus();
  await page.keyboard.press("ControlOrMeta+v");
  await expect(box(page)).toHaveValue("madura");
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("article")).toContainText("Amora madura");
  await expect.poll(() => searchInAddress(page)).toBe("madura");
});

test("a fast typist keeps every letter, and the results and address end on what was typed", async ({
  page,
  server,
}) => {
  await server.seed(searchable);
  await page.goto("/listarPensamento");
  await expect(page.getByRole("article")).toHaveCount(3);
  // No pause between the keys: each one lands while the address is still catching up with the one before.
  await box(page).pressSequentially("amor antigo, guardado");
  await expect(box(page)).toHaveValue("amor antigo, guardado");
  await expect.poll(() => searchInAddress(page)).toBe("amor antigo, guardado");
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("article")).toContainText("Amor antigo");

  // Backspaced to two letters: too short to search, so the whole wall, with the box and address agreeing.
  for (let i = 0; i < "or antigo, guardado".length; i += 1) await box(page).press("Backspace");
  await expect(box(page)).toHaveValue("am");
  await expect.poll(() => searchInAddress(page)).toBe("am");
  await expect(page.getByRole("article")).toHaveCount(3);
});
