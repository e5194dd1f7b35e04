import type { Browser, Page } from "@playwright/test";

/**
 * The wall's interactions as a person on a slow phone feels them: each one's Event Timing duration (what INP
 * counts, from the input to the next paint), with the CPU slowed 4× (Lighthouse's mobile setting), beside its
 * floor, measured in the same run: the same input on the same server-rendered page answered by React DOM
 * alone with the smallest state change (a counter; see web-floors.ts). Budget: every interaction's worst at
 * most 100 ms, and its median and worst within 30 ms of the floor's.
 */
export const INTERACTION_BUDGET = { worstMs: 100, overFloorMs: 30 };
/** INTERACTIONS_ROUNDS=<n>: more rounds, to tell two builds apart beyond the machine's moods. */
export const INTERACTION_ROUNDS = Number(process.env.INTERACTIONS_ROUNDS ?? 5);
const CPU_SLOWDOWN = 4;
/** Event Timing reports no entry under 16 ms: an interaction without one took less. */
const UNREPORTED_MS = 16;
/** The key delay of a quick typist, the one issue 43 typed at. */
const KEY_DELAY_MS = 120;

/** Collects every Event Timing entry of an interaction, from the first moment of the page. */
const OBSERVE_EVENTS = `
  window.__events = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.interactionId) window.__events.push({ id: entry.interactionId, name: entry.name, duration: entry.duration, start: entry.startTime, processingStart: entry.processingStart, processingEnd: entry.processingEnd });
    }
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
`;

interface Interaction {
  name: string;
  /** The screen it happens on, when not the wall (the floor stays the wall's: React DOM alone on a page). */
  path?: string;
  /** On that screen: waits until it is ready to be used (the wall's own readiness otherwise). */
  ready?: (page: Page) => Promise<void>;
  /** Readies the page (not measured): a scroll, a focus. */
  prepare?: (page: Page) => Promise<void>;
  /** The input itself, on the wall or on its floor. */
  act: (page: Page) => Promise<void>;
  /** On the wall only: waits for what the interaction shows. */
  done: (page: Page) => Promise<void>;
}

const heart = (page: Page) => page.locator("[data-card-id]").first();
/** The first card's heart's state, in the page (the bench is typed without the DOM's types). */
const PRESSED = 'document.querySelector("[data-card-id]")?.getAttribute("aria-pressed")';

export const INTERACTIONS: Interaction[] = [
  {
    name: "favourite on a card",
    // Some of the thoughts are favourites already, and a round may find the last one's change.
    prepare: async (page) => {
      await page.evaluate(`window.__pressed = ${PRESSED}`);
    },
    act: (page) => heart(page).click(),
    done: async (page) => {
      await page.waitForFunction(`${PRESSED} !== window.__pressed`);
    },
  },
  {
    name: "typing in the search (each key)",
    prepare: (page) => page.getByRole("searchbox").focus(),
    act: (page) => page.keyboard.type("amor", { delay: KEY_DELAY_MS }),
    done: async (page) => {
      await page.waitForURL(/q=amor/);
      await page.locator('[aria-busy="false"]').first().waitFor();
    },
  },
  {
    name: "'Carregar mais'",
    prepare: (page) => page.getByRole("button", { name: "Carregar mais" }).scrollIntoViewIfNeeded(),
    act: (page) => page.getByRole("button", { name: "Carregar mais" }).click(),
    done: (page) => page.getByRole("article").nth(6).waitFor(),
  },
  {
    name: "opening the delete dialog",
    act: (page) => page.getByRole("link", { name: "Excluir pensamento" }).first().click(),
    done: (page) => page.getByRole("dialog").waitFor(),
  },
  {
    name: "`n` until the cursor is in the text box",
    act: (page) => page.keyboard.press("n"),
    done: async (page) => {
      await page.getByRole("heading", { level: 1, name: "Adicione um novo pensamento" }).waitFor();
      await page.waitForFunction('document.activeElement?.getAttribute("name") === "conteudo"');
    },
  },
  {
    // Each round answers one card of the day's set (15 a day, set by the bench), so each finds the next.
    name: "'Próximo' on a review card (the next card)",
    path: "/revisao",
    ready: async (page) => {
      await page.getByRole("button", { name: /^Próximo/ }).waitFor();
      await page.evaluate('window.__progress = document.querySelector("[role=status]")?.textContent');
    },
    act: (page) => page.keyboard.press("Enter"),
    done: async (page) => {
      await page.waitForFunction(
        'document.querySelector("[role=status]")?.textContent !== window.__progress',
      );
    },
  },
];

/** The menu's live state ('Ao vivo'), drawn once the live updates have connected. */
const LIVE_STATE = '[aria-label="Atualizações ao vivo"]';
/** A page still busy after this long is a failure of the bench's run, not a figure. */
const REST_WITHIN_MS = 15_000;

/**
 * Waits until the page is at rest: five idle periods in a row with (nearly) all of their 50 ms free, which
 * Chromium gives only when no task, timer or frame is waiting. Both the wall and its floor are measured
 * from there, so an interaction is timed alone, not behind work still under way from the page's load.
 */
async function quiet(page: Page): Promise<void> {
  await page.evaluate(`new Promise((resolve, reject) => {
    const giveUp = setTimeout(() => reject(new Error("the page did not come to rest within ${REST_WITHIN_MS} ms")), ${REST_WITHIN_MS});
    let calm = 0;
    const step = (deadline) => {
      calm = deadline.timeRemaining() >= 45 ? calm + 1 : 0;
      if (calm < 5) return requestIdleCallback(step);
      clearTimeout(giveUp);
      resolve();
    };
    requestIdleCallback(step);
  })`);
}

/** Two frames and a moment, for the entries of the last paint to reach the observer. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(
    "new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 200))))",
  );
}

/**
 * Opens `url` in a fresh context, once it has settled (on the wall: React has adopted the page and the
 * other screens' code, fetched when the wall is idle, has arrived), slows the CPU, runs the interaction and
 * answers the longest of its inputs (a round of typing is several), or 0 when none reached 16 ms.
 */
async function measure(browser: Browser, url: string, interaction: Interaction, onWall: boolean) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(OBSERVE_EVENTS);
    const elsewhere = onWall && interaction.ready !== undefined;
    const formsCode = onWall && !elsewhere ? page.waitForResponse(/\/assets\/forms-[^/]*\.js$/) : undefined;
    await page.goto(elsewhere && interaction.path ? new URL(interaction.path, url).href : url);
    if (elsewhere) await interaction.ready?.(page);
    else await page.getByRole("article").nth(5).waitFor();
    await formsCode;
    // The last of the wall's work after its first visit: the live updates, started once it has settled,
    // connect, catch up and say so in the menu (some 100 ms of work at 4x, which an input used to meet).
    if (onWall && !elsewhere) await page.locator(`${LIVE_STATE}[data-state="open"]`).waitFor();
    await page.waitForLoadState("networkidle");
    await quiet(page);
    await interaction.prepare?.(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    const since = await page.evaluate<number>("performance.now()");
    await interaction.act(page);
    // The input's next paint first, then what it shows: Playwright waits for an element by querying the page
    // at every frame (a role and a name are some 20 ms of its script at 4x), which, started at once, ran in
    // the very frames being timed, on the wall only.
    await settle(page);
    if (onWall) await interaction.done(page);
    await settle(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    const events = await page.evaluate<
      { name: string; duration: number; start: number; processingStart: number; processingEnd: number }[]
    >(`window.__events.filter((event) => event.start >= ${since})`);
    // INTERACTIONS_DETAIL=1: each input of the round, to tell which one is long (a round of typing is four
    // keys, each a keydown, keypress and keyup), split as INP is: the wait before its handlers, the handlers,
    // and the rendering until the next paint.
    if (process.env.INTERACTIONS_DETAIL) {
      const inputs = events.map((e) => {
        const [wait, handlers] = [e.processingStart - e.start, e.processingEnd - e.processingStart];
        const rendering = e.start + e.duration - e.processingEnd;
        const split = [wait, handlers, rendering].map((ms) => ms.toFixed(0)).join("/");
        return `${e.name} ${e.duration} ms (${split}) at +${Math.round(e.start - since)}`;
      });
      console.log(`${interaction.name} ${onWall ? "wall" : "floor"}: ${inputs.join(", ")}`);
    }
    return Math.max(0, ...events.map((event) => event.duration));
  } finally {
    await context.close();
  }
}

export interface InteractionRow {
  name: string;
  wall: number[];
  floor: number[];
}

/** Every interaction, `rounds` times, each round on the wall then on its floor, alternating the machine's moods. */
export async function measureInteractions(
  browser: Browser,
  pages: { wall: string; floor: string },
  rounds = INTERACTION_ROUNDS,
): Promise<InteractionRow[]> {
  const rows = INTERACTIONS.map((interaction) => ({
    name: interaction.name,
    wall: [] as number[],
    floor: [] as number[],
  }));
  // INTERACTIONS_ONLY=<regular expression>: only the interactions whose names match (the others show no figures).
  const only = process.env.INTERACTIONS_ONLY ? new RegExp(process.env.INTERACTIONS_ONLY) : undefined;
  for (let round = 0; round < rounds; round++) {
    for (const [i, interaction] of INTERACTIONS.entries()) {
      if (only && !only.test(interaction.name)) continue;
      const row = rows[i] as InteractionRow;
      row.wall.push(await measure(browser, pages.wall, interaction, true));
      row.floor.push(await measure(browser, pages.floor, interaction, false));
    }
  }
  return rows;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const worst = (values: number[]) => Math.max(0, ...values);
/** An unreported duration is under 16 ms: counted as 16, shown as such. */
const counted = (ms: number) => Math.max(ms, UNREPORTED_MS);
const shown = (ms: number) => (ms < UNREPORTED_MS ? `< ${UNREPORTED_MS} ms` : `${ms.toFixed(0)} ms`);

/** Prints the table and answers what is outside the budget. */
export function reportInteractions(rows: InteractionRow[]): string[] {
  const failures: string[] = [];
  console.log(
    `\nInteractions at ${CPU_SLOWDOWN}× CPU slowdown, Event Timing duration (input to next paint), ${rows[0]?.wall.length ?? 0} rounds, desktop 1280×800, mouse and keyboard`,
  );
  console.log(
    "| interaction | median | worst | floor median | floor worst | ok |\n|---|---:|---:|---:|---:|---|",
  );
  for (const row of rows) {
    // Left out by INTERACTIONS_ONLY.
    if (row.wall.length === 0) continue;
    const [m, w, fm, fw] = [median(row.wall), worst(row.wall), median(row.floor), worst(row.floor)];
    const ok =
      counted(w) <= INTERACTION_BUDGET.worstMs &&
      counted(m) <= counted(fm) + INTERACTION_BUDGET.overFloorMs &&
      counted(w) <= counted(fw) + INTERACTION_BUDGET.overFloorMs;
    console.log(
      `| ${row.name} | ${shown(m)} | ${shown(w)} | ${shown(fm)} | ${shown(fw)} | ${ok ? "yes" : "NO"} |`,
    );
    if (!ok)
      failures.push(`${row.name}: median ${shown(m)}, worst ${shown(w)} (floor ${shown(fm)}, ${shown(fw)})`);
  }
  for (const row of rows.filter((measured) => measured.wall.length > 0)) {
    console.log(
      `${row.name}: wall ${row.wall.map((ms) => ms.toFixed(0)).join(", ")}; floor ${row.floor.map((ms) => ms.toFixed(0)).join(", ")} ms`,
    );
  }
  return failures;
}
