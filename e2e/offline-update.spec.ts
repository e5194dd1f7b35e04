import { appendFileSync, cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { precompress } from "../scripts/precompress.mjs";
import { test as base, expect } from "./support/fixtures";
import { controllingWorker, waitUntilControlled } from "./support/offline";
import { builtWebRoot, startTestServer } from "./support/test-server";

/**
 * A server of its own copy of the build, which the test changes as a new release would. The copy keeps
 * the build's layout: the server-render bundle (ssr/) beside the web app (web/), where the server looks
 * for it, so the wall comes rendered as in production.
 */
const test = base.extend<{ webRoot: string }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture dependencies from this pattern.
  webRoot: async ({}, use) => {
    const folder = mkdtempSync(join(tmpdir(), "memoteca-build-"));
    const web = join(folder, "web");
    cpSync(builtWebRoot, web, { recursive: true });
    const ssr = join(dirname(builtWebRoot), "ssr");
    if (existsSync(ssr)) {
      cpSync(ssr, join(folder, "ssr"), { recursive: true });
      // The bundle is an ES module; in dist/ the project's package.json says so, out here this one does.
      writeFileSync(join(folder, "package.json"), '{ "type": "module" }\n');
    }
    await use(web);
    rmSync(folder, { recursive: true, force: true });
  },
  server: async ({ webRoot, database }, use) => {
    const server = await startTestServer({ webRoot, database });
    await use(server);
    await server.close();
  },
});

test.use({ serviceWorkers: "allow" });

test("a user is offered 'Nova versão disponível' when a new version waits, and 'Recarregar' moves the page to it", async ({
  page,
  server,
  webRoot,
  expectNoAxeViolations,
}) => {
  // Two workers installed one after the other, each precaching the whole app: alone this takes ~20 s, so
  // under a loaded full run the default 30 s ran out; the wait for the reload below has 30 s of its own.
  test.setTimeout(90_000);
  await server.seed([{ conteudo: "Sempre aqui", autoria: "Ana" }]);
  // The copy serves the wall rendered on the server, as the real build does.
  expect(await (await page.request.get("/listarPensamento")).text()).toContain("Sempre aqui");
  await page.goto("/listarPensamento");
  await waitUntilControlled(page);
  await expect(page.getByRole("button", { name: "Recarregar" })).toHaveCount(0);

  // A new release: another worker script, with its compressed copies written again as the build does (the
  // server sends the browser the .br copy, so a stale one would hide the change). The browser finds it at
  // the next visit, installs it, and it waits.
  appendFileSync(join(webRoot, "service-worker.js"), "\n// a new release\n");
  precompress(webRoot, { only: (name) => name === "service-worker.js" });
  await page.reload();
  const prompt = page.getByRole("status").filter({ hasText: "Nova versão disponível." });
  await expect(prompt).toBeVisible({ timeout: 15_000 });
  expect((await controllingWorker(page)).waiting).toBe(true);
  // The page keeps running the old version until the user chooses: nothing reloads by itself.
  await expect(page.getByRole("article").filter({ hasText: "Sempre aqui" })).toBeVisible();
  await expectNoAxeViolations();

  // The workers' states are noted as the click goes out: if no reload comes, the failure says where it
  // stopped (the new worker never active, or active without the page hearing of it).
  await page.evaluate(`(() => {
    const states = [];
    window.__workerStates = states;
    const note = (what) => states.push(what);
    navigator.serviceWorker.getRegistration().then((registration) => {
      const waiting = registration?.waiting;
      note("waiting " + (waiting ? waiting.state : "none"));
      waiting?.addEventListener("statechange", () => note("new worker " + waiting.state));
    });
    navigator.serviceWorker.addEventListener("controllerchange", () => note("controllerchange"));
  })()`);
  const reloaded = page.waitForEvent("load", { timeout: 30_000 }).catch(async (error: unknown) => {
    const states = await page.evaluate("window.__workerStates").catch(() => "unreadable");
    throw new Error(`no reload after 'Recarregar': ${JSON.stringify(states)} (${String(error)})`);
  });
  await page.getByRole("button", { name: "Recarregar" }).click();
  await reloaded;
  await expect(page.getByRole("article").filter({ hasText: "Sempre aqui" })).toBeVisible();
  const worker = await controllingWorker(page);
  expect(worker).toMatchObject({ script: "/service-worker.js", waiting: false });
  await expect(page.getByRole("button", { name: "Recarregar" })).toHaveCount(0);
});
