import type { Page } from "@playwright/test";
import type { Thought } from "../src/domain/contract";
import { docsScreenshots } from "./support/docs-screenshots";
import { expect, test } from "./support/fixtures";
import { seeWallUnderWorker } from "./support/offline";
import { forEachScreen } from "./support/screens";

test.use({ serviceWorkers: "allow" });

const card = (page: Page, text: string) => page.getByRole("article").filter({ hasText: text });

/** Every thought on the server's wall (the store, through the API), newest first. */
async function storedThoughts(page: Page): Promise<Thought[]> {
  const answer = await page.request.get("/api/pensamentos?_limit=100");
  expect(answer.status()).toBe(200);
  return answer.json();
}

/** Starts recording each look of the wall's cards (their texts, in order), at every change of the page. */
function recordCards(page: Page) {
  return page.evaluate(`(() => {
    window.__looks = [];
    const record = () => {
      const look = [...document.querySelectorAll("article")].map((card) => card.textContent ?? "");
      if (JSON.stringify(look) !== JSON.stringify(window.__looks.at(-1))) window.__looks.push(look);
    };
    record();
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
  })()`);
}

const recordedCards = (page: Page) => page.evaluate<string[][]>("window.__looks");

forEachScreen(({ name, press, touch }) => {
  test(`a user offline creates, edits with a label, favourites and deletes: each card waits marked, a reload keeps them, and back online each write arrives once (${name})`, async ({
    page,
    context,
    server,
    expectNoAxeViolations,
  }) => {
    test.setTimeout(90_000);
    await server.seed([
      { conteudo: "Para excluir", autoria: "Caio" },
      { conteudo: "Para favoritar", autoria: "Bia" },
      { conteudo: "Para editar", autoria: "Ana" },
    ]);
    await seeWallUnderWorker(page);
    await context.setOffline(true);

    // A new thought: the form says, in its bar, that the save will wait here.
    await press(page.getByRole("link", { name: "Novo pensamento" }));
    await page.getByLabel("Pensamento", { exact: true }).fill("Escrito sem sinal");
    await page.getByLabel("Autoria ou fonte").fill("Eu mesma");
    const barNote = page.getByText("Sem conexão: ao salvar, o pensamento fica guardado neste aparelho");
    await expect(barNote).toBeInViewport();
    await press(page.getByRole("button", { name: "Salvar" }));
    await expect(page.getByRole("status").filter({ hasText: "Guardado neste aparelho" })).toBeVisible();
    await expect(card(page, "Escrito sem sinal")).toContainText("Aguardando envio");

    // An edit, with a label, of a thought the wall shows (no copy of its own was ever read).
    await press(card(page, "Para editar").getByRole("link", { name: "Editar pensamento" }));
    await page.getByLabel("Pensamento", { exact: true }).fill("Editado sem sinal");
    await page.getByRole("combobox", { name: "Etiquetas" }).fill("metrô");
    await page.getByRole("combobox", { name: "Etiquetas" }).press("Enter");
    await press(page.getByRole("button", { name: "Salvar" }));
    await expect(card(page, "Editado sem sinal")).toContainText("Aguardando envio");
    await expect(card(page, "Editado sem sinal")).toContainText("metrô");

    await press(card(page, "Para favoritar").getByRole("button", { name: "Favorito" }));
    await expect(card(page, "Para favoritar").getByRole("button", { name: "Favorito" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(card(page, "Para favoritar")).toContainText("Aguardando envio");

    await press(card(page, "Para excluir").getByRole("link", { name: "Excluir pensamento" }));
    await press(
      page.getByRole("dialog", { name: "Excluir pensamento" }).getByRole("button", { name: "Excluir" }),
    );
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(card(page, "Para excluir")).toContainText("Aguardando envio: exclusão");

    const waiting = page.getByRole("status").filter({ hasText: "Aguardando conexão · 4" });
    await expect(waiting).toBeVisible();
    await expectNoAxeViolations();
    if (touch) {
      // The cards that wait, under the line that counts them (it stays at the top as the page scrolls).
      await card(page, "Escrito sem sinal").scrollIntoViewIfNeeded();
      await page.evaluate("window.scrollBy(0, -40)");
      if (docsScreenshots) await page.screenshot({ path: "docs/offline-waiting-phone.png" });
      await press(card(page, "Editado sem sinal").getByRole("link", { name: "Editar pensamento" }));
      await expect(barNote).toBeInViewport();
      if (docsScreenshots) await page.screenshot({ path: "docs/offline-form-phone.png" });
      await page.goBack();
    }

    // Nothing reached the server yet.
    await page.reload();
    await expect(waiting).toBeVisible();
    await expect(card(page, "Escrito sem sinal")).toContainText("Aguardando envio");
    await expect(card(page, "Editado sem sinal")).toContainText("Aguardando envio");
    await expect(card(page, "Para excluir")).toContainText("Aguardando envio: exclusão");
    // Scrolled down the page, the line stays in view.
    await page.evaluate("window.scrollTo(0, document.body.scrollHeight)");
    await expect(waiting).toBeInViewport();

    await recordCards(page);
    await context.setOffline(false);
    await expect(page.getByRole("status").filter({ hasText: /Aguardando conexão|Enviando/ })).toHaveCount(0, {
      timeout: 20_000,
    });
    await expect(page.getByText("Aguardando envio")).toHaveCount(0);
    await expect(card(page, "Para excluir")).toHaveCount(0);
    // Every look of the wall while the writes went out: each card went from waiting to sent, and never back
    // to what the server had before (the old text, the deleted card unmarked, the new one gone or twice).
    for (const cards of await recordedCards(page)) {
      const look = cards.join(" | ");
      const showing = (text: string) => cards.filter((shown) => shown.includes(text)).length;
      expect(showing("Escrito sem sinal"), look).toBe(1);
      expect(showing("Editado sem sinal"), look).toBe(1);
      expect(showing("Para editar"), look).toBe(0);
      for (const deleted of cards.filter((text) => text.includes("Para excluir")))
        expect(deleted).toContain("Aguardando envio: exclusão");
    }
    const stored = await storedThoughts(page);
    expect(stored.filter((thought) => thought.conteudo === "Escrito sem sinal")).toHaveLength(1);
    expect(stored.find((thought) => thought.autoria === "Ana")).toMatchObject({
      conteudo: "Editado sem sinal",
      etiquetas: ["metrô"],
    });
    expect(stored.find((thought) => thought.conteudo === "Para favoritar")?.favorito).toBe(true);
    expect(stored.map((thought) => thought.conteudo)).not.toContain("Para excluir");
    expect(stored).toHaveLength(3);
    await expect(card(page, "Escrito sem sinal")).toBeVisible();
    await expect(card(page, "Para excluir")).toHaveCount(0);
  });
});

test("two tabs of the wall, as the edit made offline in one of them is sent: neither shows the old text again", async ({
  page,
  context,
  server,
}) => {
  test.setTimeout(90_000);
  await server.seed([{ conteudo: "Para editar", autoria: "Ana" }]);
  await seeWallUnderWorker(page);
  await context.setOffline(true);
  await card(page, "Para editar").getByRole("link", { name: "Editar pensamento" }).click();
  await page.getByLabel("Pensamento", { exact: true }).fill("Editado sem sinal");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(card(page, "Editado sem sinal")).toContainText("Aguardando envio");
  // The other tab, opened on the wall the worker keeps: it reads the same outbox.
  const other = await context.newPage();
  await other.goto("/listarPensamento");
  await expect(card(other, "Editado sem sinal")).toContainText("Aguardando envio");

  await recordCards(page);
  await recordCards(other);
  await context.setOffline(false);
  for (const tab of [page, other]) {
    await expect(tab.getByText("Aguardando envio")).toHaveCount(0, { timeout: 20_000 });
    await expect(card(tab, "Editado sem sinal")).toBeVisible();
  }
  // One tab sent it (under the outbox's lock) and told the other its answer.
  await expect.poll(async () => (await storedThoughts(page))[0]?.conteudo).toBe("Editado sem sinal");
  for (const tab of [page, other]) {
    for (const cards of await recordedCards(tab)) expect(cards.join(" | ")).not.toContain("Para editar");
  }
});

/** The outbox's entries as the app writes them (outbox-entry.ts), put straight into its IndexedDB. */
function putEntries(page: Page, count: number) {
  return page.evaluate(`(async () => {
    const db = await new Promise((resolve, reject) => {
      const open = indexedDB.open("memoteca-outbox", 1);
      open.onupgradeneeded = () => open.result.createObjectStore("entries", { keyPath: "seq", autoIncrement: true });
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const store = db.transaction("entries", "readwrite").objectStore("entries");
    for (let n = 1; n <= ${count}; n += 1) {
      const conteudo = "Escrito fora " + String(n).padStart(3, "0");
      store.add({
        key: crypto.randomUUID(), kind: "create", method: "POST", thoughtId: -n,
        body: { conteudo, autoria: "Metrô", modelo: "modelo1", favorito: false },
        at: Date.now() - (${count} - n) * 400000, tries: 0, state: "waiting",
      });
    }
    await new Promise((resolve) => { store.transaction.oncomplete = resolve; });
    db.close();
  })()`);
}

test.describe("without a service worker, so every request meets the test's routes", () => {
  test.use({ serviceWorkers: "block" });

  test("200 writes made offline over a day are sent with the connection dropping in the middle: 0 lost, 0 written twice, in order", async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    // Made offline over a day (on this device, as the form keeps them), then the app is opened online.
    await page.goto("/listarPensamento");
    await putEntries(page, 200);

    // Every 23rd request reaches the server and its answer is lost; every 31st never reaches it.
    let posts = 0;
    let lostAnswers = 0;
    await context.route("**/api/pensamentos", async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      posts += 1;
      if (posts % 31 === 0) return route.abort("connectionreset");
      if (posts % 23 === 0) {
        await route.fetch();
        lostAnswers += 1;
        return route.abort("connectionreset");
      }
      return route.fallback();
    });
    await page.reload();
    await expect(page.getByRole("status").filter({ hasText: /^Enviando · \d+$/ })).toBeVisible();
    // And the connection itself drops once in the middle, for a moment.
    await expect.poll(() => posts, { timeout: 60_000 }).toBeGreaterThan(100);
    await context.setOffline(true);
    await context.setOffline(false);

    await expect(page.getByRole("status").filter({ hasText: /Aguardando|Enviando/ })).toHaveCount(0, {
      timeout: 120_000,
    });
    await context.unrouteAll();
    const total = await page.request.get("/api/pensamentos?_limit=1");
    expect(total.headers()["x-total-count"]).toBe("200");
    const texts: string[] = [];
    for (let start = 0; start < 200; start += 100) {
      const answer = await page.request.get(
        `/api/pensamentos?_sort=id&_order=asc&_limit=100&_start=${start}`,
      );
      texts.push(...((await answer.json()) as Thought[]).map((thought) => thought.conteudo));
    }
    expect(texts).toEqual(
      Array.from({ length: 200 }, (_, n) => `Escrito fora ${String(n + 1).padStart(3, "0")}`),
    );
    expect(lostAnswers).toBeGreaterThan(0);
  });
});

test("a first visit keeps the wall's first page and every page 'Carregar mais' loads: offline, the banner says how many and since when", async ({
  page,
  context,
  server,
  expectNoAxeViolations,
}) => {
  await server.seed(
    Array.from({ length: 20 }, (_, n) => ({ conteudo: `Guardado ${n + 1}`, autoria: "Ana" })),
  );
  await page.goto("/listarPensamento");
  await expect(page.getByRole("article")).toHaveCount(6);
  // The very first visit: no reload under the worker, the page is kept as the worker takes over.
  await expect
    .poll(() => page.evaluate<boolean>("navigator.serviceWorker.controller !== null"), { timeout: 20_000 })
    .toBe(true);
  await expect
    .poll(() =>
      page.evaluate<number>(
        `caches.open("memoteca-pages").then((c) => c.keys()).then((keys) => keys.filter((r) => new URL(r.url).pathname === "/listarPensamento").length)`,
      ),
    )
    .toBe(1);
  const day = new Intl.DateTimeFormat("pt-BR", { day: "numeric", month: "short" }).format(new Date());
  // 'em 27 de nov.' ends the sentence with the month's own period.
  const today = day.endsWith(".") ? day.slice(0, -1) : day;

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("article")).toHaveCount(6);
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: `Sem conexão — mostrando 6 pensamentos guardados em ${today}.` }),
  ).toBeVisible();
  await expectNoAxeViolations();

  // Online, two more pages; offline again, a reload shows all 18, from the kept copies.
  await context.setOffline(false);
  await page.getByRole("button", { name: "Carregar mais" }).click();
  await expect(page.getByRole("article")).toHaveCount(12);
  await page.getByRole("button", { name: "Carregar mais" }).click();
  await expect(page.getByRole("article")).toHaveCount(18);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("article")).toHaveCount(18);
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: `Sem conexão — mostrando 18 pensamentos guardados em ${today}.` }),
  ).toBeVisible();

  // A view never kept: the banner says nothing is kept, above the search's own message.
  await page.goto("/listarPensamento?q=nunca+visto");
  await expect(page.getByRole("alert")).toContainText("A busca precisa de conexão");
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: "Sem conexão — nada desta página está guardado neste aparelho." }),
  ).toBeVisible();
});

forEachScreen(({ name, press }) => {
  test(`after 'Carregar mais' to card 20 and more, a reload brings back the cards and the scroll (${name})`, async ({
    page,
    server,
  }) => {
    await server.seed(
      Array.from({ length: 30 }, (_, n) => ({ conteudo: `Cartão ${n + 1}`, autoria: "Ana" })),
    );
    await page.goto("/listarPensamento");
    for (const count of [12, 18, 24]) {
      await press(page.getByRole("button", { name: "Carregar mais" }));
      await expect(page.getByRole("article")).toHaveCount(count);
    }
    // Newest first: the 21st card is "Cartão 10".
    const target = card(page, "Cartão 10").first();
    await target.scrollIntoViewIfNeeded();
    await page.evaluate("window.scrollBy(0, 37)");
    const before = await target.boundingBox();
    expect(before).not.toBeNull();

    await page.reload();
    await expect(page.getByRole("article")).toHaveCount(24);
    await expect(target).toBeInViewport();
    // The scroll as it was: the card where it was on the screen, give or take a line's height (the cards'
    // clamped texts may settle a few pixels apart).
    await expect
      .poll(async () => Math.abs(((await target.boundingBox())?.y ?? -1000) - (before?.y ?? 0)))
      .toBeLessThan(24);

    // A new visit (not a reload) starts at the top, with the first page.
    await page.goto("/listarPensamento");
    await expect(page.getByRole("article")).toHaveCount(6);
  });
});
