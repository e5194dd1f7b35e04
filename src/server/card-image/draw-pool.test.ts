import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { makeThought } from "../../../test-support/thought-factory";
import { createDrawPool, DrawAbandonedError, DrawPoolClosedError } from "./draw-pool";
import { renderCardPng } from "./render";

/** Holds its thread until the file named by the card's text exists (test-support/server/held-draw-worker.ts). */
const HELD = new URL("../../../test-support/server/held-draw-worker.ts", import.meta.url);

const folder = mkdtempSync(join(tmpdir(), "memoteca-draw-pool-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let files = 0;
/** A card the held worker draws once `release()` is called. */
function heldCard(id: number) {
  const release = join(folder, `solta-${files++}`);
  return {
    thought: makeThought({ id, conteudo: release }),
    release: () => writeFileSync(release, ""),
    started: `${release}.desenhando`,
  };
}

/** setImmediate turns of this thread's event loop, counted until `until` settles. */
async function turnsUntil(until: Promise<unknown>, enough: number, then: () => void): Promise<number> {
  let turns = 0;
  let settled = false;
  until.then(
    () => (settled = true),
    () => (settled = true),
  );
  while (!settled) {
    await new Promise((next) => setImmediate(next));
    turns += 1;
    if (turns === enough) then();
  }
  return turns;
}

describe("createDrawPool", () => {
  it("draws the card in a worker thread, byte for byte as drawn here", { timeout: 60_000 }, async () => {
    const pool = createDrawPool({ size: 1 });
    try {
      const thought = makeThought({ id: 3, conteudo: "Ação ".repeat(2_000), autoria: "Ł".repeat(300) });
      const [there, here] = await Promise.all([pool.render(thought), renderCardPng(thought)]);
      expect(there.equals(here)).toBe(true);
    } finally {
      await pool.close();
    }
  });

  it("keeps this thread's event loop turning while a worker's drawing holds its own", async () => {
    const pool = createDrawPool({ size: 1, entry: HELD });
    try {
      const card = heldCard(1);
      const drawing = pool.render(card.thought);
      await vi.waitFor(() => expect(existsSync(card.started)).toBe(true), { timeout: 30_000 });
      // The worker is inside the drawing, which it holds until this loop has turned 100 times: on this
      // thread it never would.
      const turns = await turnsUntil(drawing, 100, card.release);
      expect(turns).toBeGreaterThanOrEqual(100);
      expect((await drawing).toString()).toBe("cartão 1");
    } finally {
      await pool.close();
    }
  });

  it("starts workers on the first cards, at most `size`, and close ends them and refuses more", async () => {
    const pool = createDrawPool({ size: 2, entry: HELD });
    expect(pool.workers()).toBe(0);
    const cards = [heldCard(1), heldCard(2), heldCard(3)];
    const drawings = cards.map((card) => pool.render(card.thought));
    expect(pool.workers()).toBe(2);
    cards[0]?.release();
    expect((await drawings[0])?.toString()).toBe("cartão 1");
    // The freed worker takes the card that waited, while the second stays held.
    cards[2]?.release();
    expect((await drawings[2])?.toString()).toBe("cartão 3");
    expect(pool.workers()).toBe(2);

    // The second worker is still in its drawing: closing ends it there, never released.
    const dropped = expect(drawings[1]).rejects.toThrow(DrawPoolClosedError);
    await pool.close();
    await dropped;
    expect(pool.workers()).toBe(0);
    await expect(pool.render(heldCard(4).thought)).rejects.toThrow(DrawPoolClosedError);
  });

  it("ends a worker whose drawing runs past the hard limit, and draws the next card in a fresh one", {
    timeout: 60_000,
  }, async () => {
    // The limit counts from the card's handing to the pool, a fresh worker's start included: started from
    // the sources through tsx, that takes seconds on a loaded machine (from the build, a fraction of one).
    const pool = createDrawPool({ size: 1, entry: HELD, hardLimitMs: 5_000 });
    try {
      await expect(pool.render(heldCard(1).thought)).rejects.toThrow(DrawAbandonedError);
      const next = heldCard(2);
      next.release();
      expect((await pool.render(next.thought)).toString()).toBe("cartão 2");
      expect(pool.workers()).toBe(1);
    } finally {
      await pool.close();
    }
  });
});
