import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { type Browser, chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../e2e/support/chromium";

// The web budget: what a first visit to the wall downloads, gzip, and its largest contentful paint on localhost.
const BUDGET = { js: 100_000, css: 15_000, lcpMs: 1_000 };
const RUNS = 5;
const outDir = fileURLToPath(new URL("./.work/web", import.meta.url));

const sampleThoughts = [
  { conteudo: "Tudo vale a pena\nse a alma não é pequena.", autoria: "Fernando Pessoa", modelo: "modelo1" },
  {
    conteudo: "O coração tem razões que a própria razão desconhece.",
    autoria: "Blaise Pascal",
    modelo: "modelo2",
  },
  { conteudo: "Ideia: ".padEnd(300, "caderno de receitas da vó, "), autoria: "Eu mesma", modelo: "modelo3" },
  {
    conteudo: "Sonho que se sonha só\nÉ só um sonho que se sonha só",
    autoria: "Raul Seixas",
    modelo: "modelo1",
  },
  { conteudo: "Eu quero a sorte de um amor tranquilo", autoria: "Cazuza", modelo: "modelo2" },
  { conteudo: "Não é o mais forte que sobrevive.", autoria: "Leon C. Megginson", modelo: "modelo3" },
] as const;

/** A production build of our own, so that the figures never depend on whoever built dist/web last. */
async function buildWeb(): Promise<void> {
  const { build } = await import("vite");
  await build({
    configFile: fileURLToPath(new URL("../vite.config.ts", import.meta.url)),
    logLevel: "warn",
    build: { outDir, emptyOutDir: true },
  });
  if (!existsSync(`${outDir}/index.html`)) throw new Error(`the build left no index.html in ${outDir}`);
}

interface Visit {
  js: number;
  css: number;
  fonts: number;
  requests: number;
  lcpMs: number;
}

/** One first visit in a fresh browser context: every response summed by kind, and the last LCP entry. */
async function visit(browser: Browser, url: string): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(`
    window.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__lcp = entry.startTime;
    }).observe({ type: "largest-contentful-paint", buffered: true });
  `);
  const sizes: Promise<[string, number]>[] = [];
  page.on("response", (response) => {
    const type = response.request().resourceType();
    sizes.push(response.body().then((body) => [type, type === "font" ? body.length : gzipSync(body).length]));
  });
  await page.goto(`${url}/listarPensamento`);
  await page.getByRole("article").nth(5).waitFor();
  await page.evaluate("document.fonts.ready");
  // LCP is final once the page has painted its cards; the next frame flushes the observer.
  await page.evaluate("new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)))");
  const lcpMs = await page.evaluate<number>("window.__lcp");
  const result: Visit = { js: 0, css: 0, fonts: 0, requests: 0, lcpMs };
  for (const [type, size] of await Promise.all(sizes)) {
    result.requests++;
    if (type === "script") result.js += size;
    else if (type === "stylesheet") result.css += size;
    else if (type === "font") result.fonts += size;
  }
  await context.close();
  return result;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function run(): Promise<void> {
  await buildWeb();
  process.env.E2E_WEB_ROOT = "bench/.work/web";
  const { startTestServer } = await import("../e2e/support/test-server");
  const server = await startTestServer();
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    await server.seed(sampleThoughts.map((thought) => ({ ...thought })));
    const visits: Visit[] = [];
    for (let i = 0; i < RUNS; i++) visits.push(await visit(browser, server.url));
    const first = visits[0] as Visit;
    const lcp = median(visits.map((v) => v.lcpMs));
    const rows = [
      ["initial JS (gzip)", kb(first.js), kb(BUDGET.js), first.js <= BUDGET.js],
      ["initial CSS (gzip)", kb(first.css), kb(BUDGET.css), first.css <= BUDGET.css],
      ["fonts (woff2, as sent)", kb(first.fonts), "-", true],
      [`LCP, 6 cards (median of ${RUNS})`, `${lcp.toFixed(0)} ms`, `${BUDGET.lcpMs} ms`, lcp < BUDGET.lcpMs],
    ] as const;
    console.log(`first visit to /listarPensamento: ${first.requests} requests`);
    console.log("| measure | value | budget | ok |\n|---|---|---|---|");
    for (const [name, value, budget, ok] of rows)
      console.log(`| ${name} | ${value} | ${budget} | ${ok ? "yes" : "NO"} |`);
    console.log(`LCP of each run: ${visits.map((v) => v.lcpMs.toFixed(0)).join(", ")} ms`);
  } finally {
    await browser.close();
    await server.close();
  }
}
