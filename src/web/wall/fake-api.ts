import { vi } from "vitest";
import { foldText } from "../../domain/search-text";
import type { Thought } from "../../domain/thought";

/** Test support: the list endpoint of the json-server contract, in memory, newest first. */
export interface FakeApi {
  thoughts: Thought[];
  requests: URL[];
  /** Holds back the answers whose query string contains `match` until release() is called. */
  hold(match: string): { release: () => void };
  failNext(method: string): void;
}

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { "Content-Type": "application/json", ...headers },
  });

function listAnswer(thoughts: Thought[], url: URL): Response {
  const page = Number(url.searchParams.get("_page") ?? 1);
  const limit = Number(url.searchParams.get("_limit") ?? 6);
  const q = url.searchParams.get("q");
  const matching = [...thoughts]
    .sort((a, b) => b.id - a.id)
    .filter((t) => url.searchParams.get("favorito") !== "true" || t.favorito)
    .filter((t) => !q || foldText(`${t.conteudo}\n${t.autoria}`).includes(foldText(q)));
  const items = matching.slice((page - 1) * limit, page * limit);
  return json(items, { "X-Total-Count": String(matching.length) });
}

export function installFakeApi(thoughts: Thought[]): FakeApi {
  const holds: { match: string; gate: Promise<void> }[] = [];
  const failures = new Set<string>();
  const api: FakeApi = {
    thoughts,
    requests: [],
    hold(match) {
      let release = () => {};
      holds.push({ match, gate: new Promise<void>((resolve) => (release = resolve)) });
      return { release };
    },
    failNext: (method) => failures.add(method),
  };
  vi.stubGlobal("fetch", async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, "http://localhost");
    const method = init.method ?? "GET";
    if (failures.delete(method)) return new Response("", { status: 500 });
    if (method === "GET" && url.pathname === "/api/pensamentos") {
      api.requests.push(url);
      const held = holds.find((h) => decodeURIComponent(url.search).includes(h.match));
      if (held) await held.gate;
      init.signal?.throwIfAborted();
      return listAnswer(api.thoughts, url);
    }
    const id = Number(url.pathname.split("/").pop());
    const thought = api.thoughts.find((t) => t.id === id);
    if (method === "PATCH" && thought) {
      Object.assign(thought, JSON.parse(String(init.body)));
      return json(thought);
    }
    return json({});
  });
  return api;
}

export function makeThoughts(count: number, extra: Partial<Thought> = {}): Thought[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    conteudo: `Pensamento número ${index + 1}`,
    autoria: "Autoria de teste",
    modelo: "modelo1" as const,
    favorito: false,
    ...extra,
  }));
}
