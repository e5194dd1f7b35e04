import { describe, expect, it } from "vitest";
import { apiPaths } from "../domain/contract";
import { API_CACHE, PAGES_CACHE } from "../web/offline/cache-names";
import { forgetOnSessionEnd, saysSessionEnded } from "./forget-on-session-end";

const origin = "http://127.0.0.1:3000";
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** The caches the worker holds, as names; `delete` empties one as the Cache Storage API does. */
function fakeCaches() {
  const names = new Set([API_CACHE, PAGES_CACHE, "workbox-precache-v2"]);
  return { names, delete: async (name: string) => names.delete(name) };
}

async function answer(path: string, response: Response) {
  const caches = fakeCaches();
  const plugin = forgetOnSessionEnd(caches);
  const request = new Request(`${origin}${path}`);
  const passed = await plugin.fetchDidSucceed({ request, response });
  return { caches: [...caches.names].sort(), passed };
}

describe("the service worker after the session ends on the server", () => {
  it("empties the kept pages and reads when an online read answers 401, and passes the answer on", async () => {
    const unauthorized = json({ error: { code: "unauthorized", message: "Entre com a senha." } }, 401);
    const { caches, passed } = await answer(apiPaths.thoughts, unauthorized);
    expect(caches).toEqual(["workbox-precache-v2"]);
    expect(passed).toBe(unauthorized);
    expect(passed.bodyUsed).toBe(false);
  });

  it("empties them when the session's answer says a password is set and this browser is not signed in", async () => {
    const signedOut = json({ autenticado: false, senhaDefinida: true });
    const { caches, passed } = await answer(apiPaths.session, signedOut);
    expect(caches).toEqual(["workbox-precache-v2"]);
    // The worker read a copy: the app still reads the answer itself (and the cache may keep it).
    expect(await passed.json()).toEqual({ autenticado: false, senhaDefinida: true });
  });

  it("keeps them for any other answer: signed in, no password set, a 404, or a body that is not JSON", async () => {
    for (const [path, response] of [
      [apiPaths.thoughts, json([])],
      [apiPaths.session, json({ autenticado: true, senhaDefinida: true })],
      [apiPaths.session, json({ autenticado: false, senhaDefinida: false })],
      [apiPaths.session, new Response("<html>proxy</html>", { status: 200 })],
      [apiPaths.thought(7), json({ error: { code: "not_found", message: "x" } }, 404)],
    ] as const) {
      expect((await answer(path, response)).caches, path).toEqual(
        [API_CACHE, PAGES_CACHE, "workbox-precache-v2"].sort(),
      );
    }
  });

  it("reads the session's answer without using up its body", async () => {
    const response = json({ autenticado: true, senhaDefinida: true });
    expect(await saysSessionEnded(apiPaths.session, response)).toBe(false);
    expect(response.bodyUsed).toBe(false);
  });
});
