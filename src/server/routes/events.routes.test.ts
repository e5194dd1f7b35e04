import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SseClient } from "../../../test-support/server/sse-client";
import { openTestStore, type TestStore, testDialects } from "../../../test-support/server/test-stores";
import { thoughtInput } from "../../../test-support/thought-factory";
import { apiPaths, CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE, type Thought } from "../../domain/contract";
import { buildApp } from "../app";
import { hashPassword } from "../auth/password-hash";

const TOKEN = "t".repeat(32);

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`the live stream over HTTP on ${name}`, () => {
    let test: TestStore;
    let app: FastifyInstance;
    let origin: string;
    const clients: SseClient[] = [];
    /** The server's side of each stream's connection, last opened last: what it still has to send there. */
    const streamSockets: Socket[] = [];
    beforeAll(async () => {
      test = await openTestStore(name);
      app = await buildApp({ store: test.store, writeRateLimit: false, passwordCost: 10 });
      app.addHook("onRequest", async (request) => {
        if (request.url.startsWith(apiPaths.events)) streamSockets.push(request.raw.socket);
      });
      await app.listen({ port: 0, host: "127.0.0.1" });
      const address = app.server.address();
      if (!address || typeof address === "string") throw new Error("not listening");
      origin = `http://127.0.0.1:${address.port}`;
    });
    afterEach(async () => {
      for (const client of clients.splice(0)) await client.close();
      await test.store.auth.removePassword();
    });
    afterAll(async () => {
      await app?.close();
      await test?.cleanup();
    });

    const open = async (options: Parameters<typeof SseClient.open>[1] = {}) => {
      const client = await SseClient.open(origin, options);
      clients.push(client);
      return client;
    };
    const write = async (method: string, path: string, body?: unknown, session?: string) => {
      const response = await fetch(`${origin}${path}`, {
        method,
        headers: {
          cookie: `${CSRF_COOKIE}=${TOKEN}${session ? `; ${SESSION_COOKIE}=${session}` : ""}`,
          [CSRF_HEADER]: TOKEN,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.text() };
    };
    const create = async (): Promise<Thought> =>
      JSON.parse((await write("POST", apiPaths.thoughts, thoughtInput())).body);

    it("sends the proxy headers, ': ok' and the current id at once, then each change as it commits", async () => {
      const client = await open();
      expect(client.status).toBe(200);
      expect(client.headers?.get("content-type")).toBe("text/event-stream; charset=utf-8");
      expect(client.headers?.get("cache-control")).toBe("no-cache, no-transform");
      expect(client.headers?.get("x-accel-buffering")).toBe("no");
      await client.until((c) => c.comments.includes("ok") && c.lastEventId !== undefined, "': ok' and an id");
      expect(client.events).toEqual([]);

      const thought = await create();
      await client.until((c) => c.events.length >= 1, "the create's event");
      expect(client.named("pensamento")).toEqual([{ pensamento: thought }]);
      await write("PATCH", apiPaths.thought(thought.id), { favorito: true });
      // An event carries the thought as it is when sent: one already gone by then is told by its removal
      // alone, so the change is awaited before the delete.
      await client.until((c) => c.events.length >= 2, "the change");
      await write("DELETE", apiPaths.thought(thought.id));
      await client.until((c) => c.events.length >= 3, "the change and the removal");
      expect(client.events.map((event) => event.event)).toEqual(["pensamento", "pensamento", "removido"]);
      expect(client.named<{ pensamento: Thought }>("pensamento")[1]?.pensamento.versao).toBe(2);
      expect(client.named("removido")).toEqual([{ id: thought.id }]);
      const ids = client.events.map((event) => Number(event.id));
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    });

    it("replays exactly what came after Last-Event-ID (or ?desde=), then goes live", async () => {
      const first = await open();
      await first.until((c) => c.lastEventId !== undefined, "an id");
      const from = first.lastEventId;
      const made = [await create(), await create(), await create()];
      await first.until((c) => c.events.length >= 3, "three events");
      await first.close();

      const again = await open({ lastEventId: from });
      await again.until((c) => c.events.length >= 3, "the replay");
      expect(again.named<{ pensamento: Thought }>("pensamento").map((event) => event.pensamento.id)).toEqual(
        made.map((thought) => thought.id),
      );
      const middle = again.events[0]?.id;
      const polyfill = await open({ query: `?desde=${middle}` });
      await polyfill.until((c) => c.events.length >= 2, "the replay by ?desde=");
      expect(polyfill.events.map((event) => event.id)).toEqual(
        again.events.slice(1).map((event) => event.id),
      );

      const later = await create();
      await again.until((c) => c.events.length >= 4, "the live event after the replay");
      expect(again.named<{ pensamento: Thought }>("pensamento")[3]?.pensamento.id).toBe(later.id);
    });

    it("replays at the pace of a client that reads slowly, to the end, without cutting the stream", async () => {
      const from = (await test.store.changes.bounds()).head;
      // Some 12 MB of events: more than the sockets' buffers hold, so the server has to keep some unsent, and
      // far more than a stream may have unsent before it is cut (1 MiB).
      const long = "palavra ".repeat(1_250);
      const made: number[] = [];
      for (let at = 0; at < 600; at++) {
        made.push(
          (await test.store.thoughts.create(thoughtInput({ conteudo: `${at} ${long}`, nota: long }))).id,
        );
      }
      let read = () => {};
      const client = await open({
        lastEventId: String(from),
        reading: new Promise<void>((resolve) => {
          read = resolve;
        }),
      });
      // The client reads nothing until the server has had to keep some of the replay unsent (or has cut it).
      const stream = streamSockets.at(-1);
      await expect
        .poll(() => (stream?.writableLength ?? 0) > 32 * 1024 || stream?.destroyed, { timeout: 20_000 })
        .toBe(true);
      read();
      await client.until((c) => c.events.length >= made.length || c.ended, "the whole replay", 30_000);
      expect(client.ended).toBe(false);
      expect(client.named<{ pensamento: Thought }>("pensamento").map((event) => event.pensamento.id)).toEqual(
        made,
      );
      const later = await create();
      await client.until((c) => c.events.length > made.length, "the live event after the replay");
      expect(client.named<{ pensamento: Thought }>("pensamento").at(-1)?.pensamento.id).toBe(later.id);
    });

    it("starts with 'reset' for a malformed, future or trimmed Last-Event-ID", async () => {
      const { head } = await test.store.changes.bounds();
      for (const lastEventId of ["abc", "-1", "1.5", String(head + 1000)]) {
        const client = await open({ lastEventId });
        await client.until((c) => c.events.length >= 1, `a reset for ${lastEventId}`);
        expect(client.events[0]?.event, lastEventId).toBe("reset");
        expect(client.events[0]?.data).toBe("{}");
      }
      await create();
      await create();
      const trimmedFrom = String((await test.store.changes.bounds()).head - 2);
      await test.store.changes.trim(Date.now(), { rows: 1 });
      const old = await open({ lastEventId: trimmedFrom });
      await old.until((c) => c.events.length >= 1, "a reset for a trimmed id");
      expect(old.events[0]?.event).toBe("reset");
      // After the reset it is live: the next change comes (after any this instance had not yet sent, which
      // a client that was told to reset refetches anyway).
      const next = await create();
      await old.until(
        (c) =>
          c.named<{ pensamento: Thought }>("pensamento").some((event) => event.pensamento.id === next.id),
        "the event after the reset",
      );
    });

    it("needs the session when a password is set, and ends at sign-out", async () => {
      await test.store.auth.setPassword(await hashPassword("senha-de-teste-longa", { log2N: 10 }));
      const refused = await fetch(`${origin}${apiPaths.events}`);
      expect(refused.status).toBe(401);
      await refused.body?.cancel();

      const session = await signInCookie(origin);
      const client = await open({ cookie: `${SESSION_COOKIE}=${session}` });
      expect(client.status).toBe(200);
      await client.until((c) => c.comments.includes("ok"), "': ok'");
      expect((await write("DELETE", apiPaths.session, undefined, session)).status).toBe(204);
      await client.until((c) => c.ended, "the stream's end at sign-out");
    });
  });
}

/** Signs in and gives the session cookie's value. */
async function signInCookie(origin: string): Promise<string> {
  const response = await fetch(`${origin}${apiPaths.session}`, {
    method: "POST",
    headers: {
      cookie: `${CSRF_COOKIE}=${TOKEN}`,
      [CSRF_HEADER]: TOKEN,
      "content-type": "application/json",
    },
    body: JSON.stringify({ senha: "senha-de-teste-longa" }),
  });
  if (response.status !== 204) throw new Error(`sign-in answered ${response.status}`);
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  const value = cookie?.slice(SESSION_COOKIE.length + 1).split(";")[0];
  if (!value) throw new Error("no session cookie");
  return value;
}
