import { describe, expect, it } from "vitest";
import { apiPaths } from "../domain/contract";
import { API_CACHE, PAGES_CACHE } from "../domain/offline-contract";
import { forgetOnSessionEnd, saysSessionEnded } from "./forget-on-session-end";

const origin = "http://127.0.0.1:3000";
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** The caches the worker holds, by name, each a map of URL to answer, as the Cache Storage API keeps them. */
function fakeCaches() {
  const held = new Map<string, Map<string, Response>>([
    [API_CACHE, new Map([[`${origin}${apiPaths.thoughts}`, json([])]])],
    [PAGES_CACHE, new Map([[`${origin}/listarPensamento`, new Response("<html>")]])],
    ["workbox-precache-v2", new Map([[`${origin}/index.html`, new Response("<html>")]])],
  ]);
  return {
    held,
    delete: async (name: string) => held.delete(name),
    open: async (name: string) => {
      const cache = held.get(name) ?? new Map<string, Response>();
      held.set(name, cache);
      return {
        put: async (url: string, response: Response) => {
          cache.set(url, response);
        },
      };
    },
  };
}

/** Each cache's URLs, by cache name. */
const contents = (held: Map<string, Map<string, Response>>) =>
  Object.fromEntries([...held].map(([name, cache]) => [name, [...cache.keys()]]));

async function answer(path: string, response: Response) {
  const caches = fakeCaches();
  const plugin = forgetOnSessionEnd(caches);
  const request = new Request(`${origin}${path}`);
  const passed = await plugin.fetchDidSucceed({ request, response });
  return { caches: contents(caches.held), held: caches.held, passed };
}

describe("the service worker after the session ends on the server", () => {
  it("empties the kept pages and reads when an online read answers 401, and passes the answer on", async () => {
    const unauthorized = json({ error: { code: "unauthorized", message: "Entre com a senha." } }, 401);
    const { caches, held, passed } = await answer(apiPaths.thoughts, unauthorized);
    // Only a session answer saying 'signed out' is left, so that offline the app asks for the password.
    expect(caches).toEqual({
      "workbox-precache-v2": [`${origin}/index.html`],
      [API_CACHE]: [`${origin}${apiPaths.session}`],
    });
    expect(await held.get(API_CACHE)?.get(`${origin}${apiPaths.session}`)?.json()).toEqual({
      autenticado: false,
      senhaDefinida: true,
    });
    expect(passed).toBe(unauthorized);
    expect(passed.bodyUsed).toBe(false);
  });

  it("empties them when the session's answer says a password is set and this browser is not signed in", async () => {
    const signedOut = json({ autenticado: false, senhaDefinida: true });
    const { caches, passed } = await answer(apiPaths.session, signedOut);
    expect(caches).toEqual({
      "workbox-precache-v2": [`${origin}/index.html`],
      [API_CACHE]: [`${origin}${apiPaths.session}`],
    });
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
      expect((await answer(path, response)).caches, path).toEqual({
        [API_CACHE]: [`${origin}${apiPaths.thoughts}`],
        [PAGES_CACHE]: [`${origin}/listarPensamento`],
        "workbox-precache-v2": [`${origin}/index.html`],
      });
    }
  });

  it("reads the session's answer without using up its body", async () => {
    const response = json({ autenticado: true, senhaDefinida: true });
    expect(await saysSessionEnded(apiPaths.session, response)).toBe(false);
    expect(response.bodyUsed).toBe(false);
  });
});
