import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { apiClient } from "../../../test-support/server/api-client";
import { apiSuite } from "../../../test-support/server/api-suite";
import { openTestStore, testDialects } from "../../../test-support/server/test-stores";
import { thoughtInput } from "../../../test-support/thought-factory";
import { apiPaths } from "../../domain/contract";
import { createDrawPool } from "../card-image/draw-pool";

/**
 * A drawing worker that holds its thread, as satori and resvg do for up to a second on a hostile text, until
 * the file named by the card's text exists (test-support/server/held-draw-worker.ts).
 */
const HELD = new URL("../../../test-support/server/held-draw-worker.ts", import.meta.url);

const folder = mkdtempSync(join(tmpdir(), "memoteca-image-loop-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`the server while a card is drawn on ${name}`, () => {
    const suite = apiSuite(name, {
      cardImages: { pool: createDrawPool({ size: 2, entry: HELD }), giveUpMs: 60_000 },
    });

    it("answers /api/health while a drawing holds its worker", async () => {
      const release = join(folder, `${name}-solta`);
      const thought = await suite.test.store.thoughts.create(thoughtInput({ conteudo: release }));
      let drawn = false;
      const image = suite.api
        .call({ method: "GET", url: apiPaths.thoughtImage(thought.id) })
        .then((answer) => {
          drawn = true;
          return answer;
        });

      // Once the worker is inside the drawing, which it holds until five health checks are answered: drawn
      // on the event loop, none would be.
      await vi.waitFor(() => expect(existsSync(`${release}.desenhando`)).toBe(true), { timeout: 30_000 });
      const healthStatuses: number[] = [];
      while (healthStatuses.length < 5) {
        healthStatuses.push((await suite.api.call({ method: "GET", url: apiPaths.health })).statusCode);
      }
      expect(drawn).toBe(false);
      expect(healthStatuses).toEqual([200, 200, 200, 200, 200]);
      writeFileSync(release, "");
      const answer = await image;
      expect(answer.statusCode).toBe(200);
      expect(answer.rawPayload.toString()).toBe(`cartão ${thought.id}`);
    });
  });

  describe.skipIf(!available)(`closing the app on ${name}`, () => {
    it("ends the drawing workers, even one in the middle of a card", async () => {
      const test = await openTestStore(name);
      try {
        const pool = createDrawPool({ size: 2, entry: HELD });
        const api = await apiClient(test.store, { cardImages: { pool, giveUpMs: 100 } });
        // Never released: the request gives up (503) and the drawing goes on in its worker.
        const thought = await test.store.thoughts.create(thoughtInput({ conteudo: join(folder, "nunca") }));
        const late = await api.call({ method: "GET", url: apiPaths.thoughtImage(thought.id) });
        expect(late.statusCode).toBe(503);
        expect(pool.workers()).toBe(1);

        await api.app.close();
        expect(pool.workers()).toBe(0);
      } finally {
        await test.cleanup();
      }
    });
  });
}
