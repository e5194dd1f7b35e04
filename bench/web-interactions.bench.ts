import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../e2e/support/chromium";
import { generateThoughts } from "../scripts/seed-data";
import { apiPaths } from "../src/domain/contract";
import { antiForgery, startMemoteca } from "./api-servers";
import { reportBudgets } from "./budgets";
import { sampleThoughts, seed } from "./web.bench";
import { startWebFloors } from "./web-floors";
import { measureInteractions, reportInteractions } from "./web-interactions";

/** As many thoughts as Lighthouse's wall: more than a page, so 'Carregar mais' is there. */
const THOUGHTS = 30;

/** The day's review at its largest (15 cards), so each round's 'Próximo' finds a next card. */
async function reviewManyADay(port: number): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${port}${apiPaths.reviewSettings}`, {
    method: "PUT",
    headers: { ...(await antiForgery(port)), "content-type": "application/json" },
    body: JSON.stringify({ porDia: 15 }),
  });
  if (response.status !== 200) throw new Error(`the review's settings answered ${response.status}`);
}

export async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "memoteca-interactions-bench-"));
  const server = await startMemoteca(`file:${join(dir, "memoteca.db")}`);
  const url = `http://127.0.0.1:${server.port}`;
  const browser = await chromium.launch({
    executablePath: chromiumPath(process.env, { headlessShell: false }),
    args: chromiumArgs,
  });
  let failures: string[] = [];
  try {
    await seed(server.port, [...sampleThoughts, ...generateThoughts(THOUGHTS - sampleThoughts.length)]);
    await reviewManyADay(server.port);
    const floors = await startWebFloors(url, "/listarPensamento");
    try {
      const before = loadavg();
      const rows = await measureInteractions(browser, {
        wall: floors.pages.wall,
        floor: floors.interactionFloor,
      });
      const after = loadavg();
      failures = reportInteractions(rows);
      const load = (l: number[]) => l.map((n) => n.toFixed(2)).join(" ");
      console.log(`load average before ${load(before)}, after ${load(after)} (1, 5, 15 min)`);
    } finally {
      await floors.close();
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  reportBudgets(failures, "Every interaction is within its budget.");
}
