import { afterAll, describe, expect, it } from "vitest";
import type { Thought } from "../../../src/domain/contract";
import { thoughtInput } from "../../thought-factory";
import { SseClient } from "../sse-client";
import { openTestStore, type TestStore, testDialects } from "../test-stores";
import { thoughtOf } from "./http";
import { killAllServers, killHard, startServers, twoServersOn } from "./servers";

const WRITES = 20;
/** Ten of the replay's batches of 500: it is still under way when the client has its first events. */
const LOGGED = 5_000;
/** Creates made at once while the log is filled. */
const FILLING = 8;

const pensamentoIds = (...clients: (SseClient | undefined)[]) =>
  clients
    .flatMap((client) => client?.named<{ pensamento: Thought }>("pensamento") ?? [])
    .map((event) => event.pensamento.id);

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(
    `live events across two server processes on one ${name} database`,
    { timeout: 60_000 },
    () => {
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
            expect(
              client.named<{ pensamento: Thought }>("pensamento").map((event) => event.pensamento.id),
            ).toEqual([made.id, other.id]);
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
    },
  );
}

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`a replay on ${name} cut by the server's restart`, { timeout: 120_000 }, () => {
    let test: TestStore | undefined;
    afterAll(async () => {
      await killAllServers();
      await test?.cleanup();
    });

    it("resumes from the last id the client got, on the restarted server, and misses nothing", async () => {
      test = await openTestStore(name);
      const { store } = test;
      const [server] = await startServers(name, test.databaseUrl, ["A"]);
      if (!server) throw new Error("no server");
      const from = (await store.changes.bounds()).head;
      let next = 0;
      await Promise.all(
        Array.from({ length: FILLING }, async () => {
          while (next < LOGGED) {
            next += 1;
            await store.thoughts.create(thoughtInput());
          }
        }),
      );
      // The truth: the log's own order of the changes.
      const logged = [];
      for (let after = from; ; ) {
        const rows = await store.changes.after(after, 1_000);
        if (rows.length === 0) break;
        logged.push(...rows);
        after = rows.at(-1)?.seq ?? after;
      }
      expect(logged).toHaveLength(LOGGED);

      const client = await SseClient.open(server.origin, { lastEventId: String(from) });
      let resumed: SseClient | undefined;
      try {
        await client.until((c) => c.events.length >= 50, "the replay's first events");
        await killHard(server);
        await client.until((c) => c.ended, "the stream's end with the server");
        expect(client.events.length, "the restart came in the middle of the replay").toBeLessThan(LOGGED);
        const [again] = await startServers(name, test.databaseUrl, ["A, started again"]);
        if (!again) throw new Error("no server");
        resumed = await SseClient.open(again.origin, { lastEventId: client.lastEventId });
        // Counted without parsing: the condition is checked at every chunk the stream brings.
        const before = client.events.filter((event) => event.event === "pensamento").length;
        // A stream the server ends before the last change fails at once (this client does not reconnect).
        await resumed.until(
          (c) =>
            c.ended || before + c.events.filter((event) => event.event === "pensamento").length >= LOGGED,
          "every change, once",
          60_000,
        );
        expect(resumed.ended, "the resumed stream is still open after the replay").toBe(false);
        expect(pensamentoIds(client, resumed)).toEqual(logged.map((row) => row.thoughtId));
        expect(resumed.events.some((event) => event.event === "reset")).toBe(false);
      } finally {
        await client.close();
        await resumed?.close();
      }
    });
  });
}
