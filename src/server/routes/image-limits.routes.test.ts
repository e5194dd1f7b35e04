import { describe, expect, it, vi } from "vitest";
import { apiSuite } from "../../../test-support/server/api-suite";
import { testDialects } from "../../../test-support/server/test-stores";
import { thoughtInput } from "../../../test-support/thought-factory";
import { apiPaths } from "../../domain/contract";
import { messages } from "../../domain/messages";
import type { CardThought } from "../card-image/layout";

/**
 * A stand-in for the drawing that draws only when the test says so, and records how many drawings ran at
 * once: the route's bounds are the subject, not the picture.
 */
function heldDrawings() {
  const held: { id: number; finish: () => void }[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const render = (thought: CardThought) =>
    new Promise<Buffer>((resolve) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      held.push({
        id: thought.id,
        finish: () => {
          running -= 1;
          resolve(Buffer.from(`cartão ${thought.id}`));
        },
      });
    });
  return { render, held, mostAtOnce: () => mostAtOnce };
}

const instant = async (thought: CardThought) => Buffer.from(`cartão ${thought.id}`);

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`card images under load on ${name}`, () => {
    describe("two drawings at once", () => {
      const drawings = heldDrawings();
      const suite = apiSuite(name, {
        imageRateLimit: 100,
        cardImages: { render: drawings.render, concurrency: 2, waiting: 1, giveUpMs: 60_000 },
      });
      const image = (id: number) => suite.api.call({ method: "GET", url: apiPaths.thoughtImage(id) });
      const create = (i: number) =>
        suite.test.store.thoughts.create(thoughtInput({ conteudo: `Cartão ${i}`, autoria: "Autora" }));

      it("draws two at once, lets one wait, refuses the next with 429, and answers a kept card meanwhile", async () => {
        const [a, b, c, d, kept] = await Promise.all([1, 2, 3, 4, 5].map(create));
        if (!a || !b || !c || !d || !kept) throw new Error("the thoughts were not created");
        const keptFirst = image(kept.id);
        await vi.waitFor(() => expect(drawings.held).toHaveLength(1));
        drawings.held[0]?.finish();
        expect((await keptFirst).statusCode).toBe(200);

        const drawing = [image(a.id)];
        await vi.waitFor(() => expect(drawings.held).toHaveLength(2));
        drawing.push(image(b.id));
        await vi.waitFor(() => expect(drawings.held).toHaveLength(3));
        // Both slots taken: of the next two, whichever comes first waits in the line and answers only once
        // a slot frees, so the first answer of the two is the other's refusal.
        const late = [image(c.id), image(d.id)];
        const refused = await Promise.race(late);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual({ error: { code: "rate_limited", message: messages.imageBusy } });
        const fromMemory = await image(kept.id);
        expect(fromMemory.statusCode).toBe(200);
        expect(fromMemory.rawPayload.toString()).toBe(`cartão ${kept.id}`);

        drawings.held[1]?.finish();
        await vi.waitFor(() => expect(drawings.held).toHaveLength(4));
        drawings.held[2]?.finish();
        drawings.held[3]?.finish();
        const [first, second] = await Promise.all(drawing);
        expect([first?.statusCode, second?.statusCode]).toEqual([200, 200]);
        const lateStatuses = (await Promise.all(late)).map((answer) => answer.statusCode);
        expect([...lateStatuses].sort()).toEqual([200, 429]);
        const waited = lateStatuses[0] === 200 ? c.id : d.id;
        expect(drawings.held.map((held) => held.id)).toEqual([kept.id, a.id, b.id, waited]);
        expect(drawings.mostAtOnce()).toBe(2);
      });
    });

    describe("a drawing past the request's patience", () => {
      const drawings = heldDrawings();
      const suite = apiSuite(name, { cardImages: { render: drawings.render, giveUpMs: 50 } });

      it("answers 503 in the API's error shape, then the card from memory once it is drawn", async () => {
        const thought = await suite.test.store.thoughts.create(
          thoughtInput({ conteudo: "Um texto que demora", autoria: "Autora" }),
        );
        const url = apiPaths.thoughtImage(thought.id);
        const late = await suite.api.call({ method: "GET", url });
        expect(late.statusCode).toBe(503);
        expect(late.json()).toEqual({ error: { code: "unavailable", message: messages.imageTooSlow } });

        expect(drawings.held).toHaveLength(1);
        drawings.held[0]?.finish();
        await vi.waitFor(async () => {
          const again = await suite.api.call({ method: "GET", url });
          expect(again.statusCode).toBe(200);
          expect(again.rawPayload.toString()).toBe(`cartão ${thought.id}`);
        });
        expect(drawings.held).toHaveLength(1);
      });
    });

    describe("drawings per client", () => {
      const suite = apiSuite(name, { imageRateLimit: 2, cardImages: { render: instant } });

      it("refuses a third drawing within the minute with 429, and still answers kept cards and 304s", async () => {
        const thoughts = await Promise.all(
          [1, 2, 3].map((i) =>
            suite.test.store.thoughts.create(thoughtInput({ conteudo: `Limite ${i}`, autoria: "Autora" })),
          ),
        );
        const image = (id: number, headers: Record<string, string> = {}) =>
          suite.api.call({ method: "GET", url: apiPaths.thoughtImage(id), headers });
        const [first, second, third] = thoughts.map((thought) => thought.id);
        if (!first || !second || !third) throw new Error("the thoughts were not created");

        const drawn = await image(first);
        expect(drawn.statusCode).toBe(200);
        expect((await image(second)).statusCode).toBe(200);
        const refused = await image(third);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual({
          error: { code: "rate_limited", message: messages.imageRateLimited },
        });
        expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);

        expect((await image(first)).statusCode).toBe(200);
        expect((await image(first, { "if-none-match": String(drawn.headers.etag) })).statusCode).toBe(304);
      });
    });
  });
}
