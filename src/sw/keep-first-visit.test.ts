import { describe, expect, it } from "vitest";
import { apiPaths } from "../domain/contract";
import { API_CACHE, PAGES_CACHE } from "../domain/offline-contract";
import { FIRST_VISIT_READS, keepFirstVisit, type PageCaches } from "./keep-first-visit";

const origin = "http://127.0.0.1:3000";

function fakeCaches(kept: Record<string, string[]> = {}) {
  const held = new Map<string, Map<string, Response>>(
    Object.entries(kept).map(([name, urls]) => [
      name,
      new Map(urls.map((url) => [url, new Response("old")])),
    ]),
  );
  const caches = {
    open: async (name: string) => {
      const cache = held.get(name) ?? new Map<string, Response>();
      held.set(name, cache);
      return {
        match: async (url: string) => cache.get(url),
        put: async (url: string, response: Response) => {
          cache.set(url, response);
        },
      };
    },
  } satisfies PageCaches;
  const contents = () =>
    Object.fromEntries([...held].map(([name, cache]) => [name, [...cache.keys()].sort()]));
  return { caches, contents };
}

describe("keepFirstVisit", () => {
  it("keeps the open pages of the app and the wall's first reads, fetched once more", async () => {
    const { caches, contents } = fakeCaches();
    const fetched: string[] = [];
    await keepFirstVisit({
      caches,
      fetch: async (url) => {
        fetched.push(String(url));
        return new Response("ok", { status: 200 });
      },
      origin,
      pages: [
        `${origin}/listarPensamento?q=amor`,
        `${origin}/listarPensamento?q=amor`,
        "https://elsewhere.example/",
        `${origin}/api/docs`,
      ],
    });
    expect(FIRST_VISIT_READS).toEqual([`${apiPaths.thoughts}?_limit=6`, apiPaths.dayThought]);
    expect(contents()).toEqual({
      [PAGES_CACHE]: [`${origin}/listarPensamento?q=amor`],
      [API_CACHE]: FIRST_VISIT_READS.map((path) => `${origin}${path}`).sort(),
    });
    expect(fetched).toHaveLength(3);
  });

  it("fetches nothing already kept, and keeps no failure nor an answer other than 200", async () => {
    const { caches, contents } = fakeCaches({ [PAGES_CACHE]: [`${origin}/listarPensamento`] });
    const fetched: string[] = [];
    await keepFirstVisit({
      caches,
      fetch: async (url) => {
        fetched.push(String(url));
        if (String(url).includes("do-dia")) throw new TypeError("Failed to fetch");
        return new Response("", { status: 401 });
      },
      origin,
      pages: [`${origin}/listarPensamento`],
    });
    expect(fetched).toEqual(FIRST_VISIT_READS.map((path) => `${origin}${path}`));
    expect(contents()).toEqual({ [PAGES_CACHE]: [`${origin}/listarPensamento`], [API_CACHE]: [] });
  });
});
