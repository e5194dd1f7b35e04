import { describe, expect, it } from "vitest";
import type { Thought } from "../../../src/domain/contract";
import { thoughtInput } from "../../thought-factory";
import { SseClient } from "../sse-client";
import { testDialects } from "../test-stores";
import { thoughtOf } from "./http";
import { killHard, twoServersOn } from "./servers";

const WRITES = 20;

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`live events across two server processes on one ${name} database`, { timeout: 60_000 }, () => {
    const pair = twoServersOn(name);

    it("shows a write made through one server on a stream of the other", async () => {
      const { a, b } = pair;
      const onB = await SseClient.open(b.origin);
      const onA = await SseClient.open(a.origin);
      try {
        await onB.until((c) => c.lastEventId !== undefined, "B's first id");
        await onA.until((c) => c.lastEventId !== undefined, "A's first id");
        const made = thoughtOf(await a.api.create(thoughtInput()));
        const other = thoughtOf(await b.api.create(thoughtInput()));
        if (!made || !other) throw new Error("a create failed");
        for (const client of [onA, onB]) {
          await client.until((c) => c.events.length >= 2, "both creates");
          expect(client.named<{ pensamento: Thought }>("pensamento").map((event) => event.pensamento.id)).toEqual([
            made.id,
            other.id,
          ]);
        }
      } finally {
        await onA.close();
        await onB.close();
      }
    });

    it("after a kill -9 of the server a client streams from, it reconnects to the other with Last-Event-ID and misses nothing", async () => {
      const { a, b } = pair;
      const client = await SseClient.open(a.origin);
      let resumed: SseClient | undefined;
      try {
        await client.until((c) => c.lastEventId !== undefined, "the first id");
        const made: number[] = [];
        // Writes through B go on before, during and after A's death.
        const writing = (async () => {
          for (let at = 0; at < WRITES; at++) {
            const thought = thoughtOf(await b.api.create(thoughtInput()));
            if (!thought) throw new Error("a create through B failed");
            made.push(thought.id);
          }
        })();
        await client.until((c) => c.events.length >= 3, "some events from A");
        await killHard(a);
        await client.until((c) => c.ended, "the stream's end with A");
        resumed = await SseClient.open(b.origin, { lastEventId: client.lastEventId });
        await writing;
        const seen = () =>
          [...client.events, ...(resumed?.events ?? [])]
            .filter((event) => event.event === "pensamento")
            .map((event) => (JSON.parse(event.data) as { pensamento: Thought }).pensamento.id);
        await resumed.until(() => seen().length >= WRITES, "every write, once");
        expect(seen()).toEqual(made);
        expect(resumed.events.some((event) => event.event === "reset")).toBe(false);
      } finally {
        await client.close();
        await resumed?.close();
      }
    });
  });
}
