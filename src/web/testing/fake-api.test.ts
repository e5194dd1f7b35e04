import { describe, expect, it } from "vitest";
import { apiPaths, CSRF_COOKIE, CSRF_HEADER, TOTAL_COUNT_HEADER } from "../../domain/contract";
import { makeThought, makeThoughts } from "./make-thought";
import { fakeApi } from "./server";

/** The anti-forgery token the fake server hands out, read the way the app reads it. */
async function token(): Promise<string> {
  await fetch(apiPaths.health);
  const cookie = document.cookie.split("; ").find((part) => part.startsWith(`${CSRF_COOKIE}=`));
  return cookie?.slice(CSRF_COOKIE.length + 1) ?? "";
}

async function write(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(path, {
    method,
    headers: { "Content-Type": "application/json", [CSRF_HEADER]: await token(), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function ids(query: string): Promise<number[]> {
  const response = await fetch(`${apiPaths.thoughts}?${query}`);
  return ((await response.json()) as { id: number }[]).map((thought) => thought.id);
}

describe("the fake API every web test talks to", () => {
  it("lists newest first, a page at a time, with the total of all pages", async () => {
    fakeApi.seed(makeThoughts(5));
    const response = await fetch(`${apiPaths.thoughts}?_page=2&_limit=2`);
    expect(response.headers.get(TOTAL_COUNT_HEADER)).toBe("5");
    expect(await ids("_page=2&_limit=2")).toEqual([3, 2]);
    expect(await ids("")).toEqual([5, 4, 3, 2, 1]);
  });

  it("searches every word in content, author or labels, accents and case aside, from 3 characters", async () => {
    fakeApi.seed([
      makeThought({ conteudo: "O Coração tem razões", autoria: "Pascal", etiquetas: ["Ética"] }),
      makeThought({ conteudo: "Nada a ver", autoria: "Coralina" }),
      makeThought({ conteudo: "Fim", autoria: "Outra" }),
    ]);
    expect(await ids("q=CORA")).toEqual([2, 1]);
    expect(await ids("q=co")).toEqual([3, 2, 1]);
    expect(await ids(`q=${encodeURIComponent("outra fim")}`)).toEqual([3]);
    expect(await ids(`q=${encodeURIComponent("razoes etica")}`)).toEqual([1]);
    // A word never spans the join of content and author.
    expect(await ids("q=fimou")).toEqual([]);
  });

  it("filters by favorito", async () => {
    fakeApi.seed([makeThought({ favorito: true }), makeThought(), makeThought({ favorito: true })]);
    expect(await ids("favorito=true")).toEqual([3, 1]);
    expect(await ids("favorito=false")).toEqual([2]);
  });

  it("sorts as the server does: _sort/_order on criadoEm, autoria and fonte, ties oldest first", async () => {
    const day = (n: number) => new Date(Date.UTC(2020, 0, n)).toISOString();
    fakeApi.seed([
      makeThought({ autoria: "Bia", fonte: "Pomar", criadoEm: day(3) }),
      makeThought({ autoria: "ana", fonte: "", criadoEm: day(1) }),
      makeThought({ autoria: "Bia", fonte: "Ábaco", criadoEm: day(5), modelo: "modelo2" }),
      makeThought({ autoria: "Caio", fonte: "Feira", criadoEm: day(1) }),
    ]);
    expect(await ids("_sort=criadoEm")).toEqual([2, 4, 1, 3]);
    expect(await ids("_sort=criadoEm&_order=desc")).toEqual([3, 1, 2, 4]);
    expect(await ids("_sort=autoria")).toEqual([1, 3, 4, 2]);
    expect(await ids("_sort=fonte&_order=desc&_start=1&_end=3")).toEqual([1, 4]);
    expect(await ids("_sort=fonte&modelo=modelo1")).toEqual([2, 4, 1]);
    expect((await fetch(`${apiPaths.thoughts}?_sort=nota`)).status).toBe(400);
  });

  it("searches the source and the note too, not the place", async () => {
    fakeApi.seed([
      makeThought({ fonte: "Grande Sertão" }),
      makeThought({ nota: "Li no sertão" }),
      makeThought({ local: "sertão, p. 3" }),
    ]);
    expect(await ids("q=sertao")).toEqual([2, 1]);
  });

  it("answers an unknown or malformed id with the contract's 404", async () => {
    for (const path of [apiPaths.thought(9), `${apiPaths.thoughts}/abc`]) {
      const response = await fetch(path);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: { code: "not_found", message: "Pensamento não encontrado." },
      });
    }
  });

  it("creates, replaces, patches and deletes, each write echoing the anti-forgery token", async () => {
    const input = {
      conteudo: "Novo",
      autoria: "Alguém",
      modelo: "modelo3",
      favorito: false,
      etiquetas: ["Poesia"],
      fonte: "Livro",
      local: "p. 42",
      nota: "Nota",
    };
    const dated = { criadoEm: expect.any(String), atualizadoEm: expect.any(String) };
    const unsigned = await fetch(apiPaths.thoughts, { method: "POST", body: JSON.stringify(input) });
    expect(unsigned.status).toBe(403);
    const created = await write("POST", apiPaths.thoughts, input);
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ ...input, id: 1, ...dated, versao: 1 });
    // A PUT of the five fields the original app knows keeps the others, as the real server does.
    const { etiquetas: _kept, fonte: _source, local: _place, nota: _note, ...known } = input;
    expect((await write("PUT", apiPaths.thought(1), { ...known, conteudo: "Outro" })).status).toBe(200);
    expect((await write("PATCH", apiPaths.thought(1), { favorito: true })).status).toBe(200);
    expect(fakeApi.thought(1)).toEqual({
      ...input,
      id: 1,
      conteudo: "Outro",
      favorito: true,
      ...dated,
      versao: 3,
    });
    // As the real API: If-Match naming an older version is refused with the thought as it is now.
    const stale = await write("DELETE", apiPaths.thought(1), undefined, { "If-Match": '"2"' });
    expect(stale.status).toBe(412);
    expect(await stale.json()).toMatchObject({
      error: { code: "versao_desatualizada" },
      atual: { versao: 3 },
    });
    expect((await write("DELETE", apiPaths.thought(1), undefined, { "If-Match": "nada" })).status).toBe(400);
    expect((await write("DELETE", apiPaths.thought(1), undefined, { "If-Match": '"3"' })).status).toBe(204);
    expect(fakeApi.thoughts()).toEqual([]);
    expect(fakeApi.requests().map((request) => request.method)).toContain("DELETE");
  });

  it("fails the next request of a method, once, and holds answers until released", async () => {
    fakeApi.seed(makeThoughts(1));
    fakeApi.failNext("GET");
    expect((await fetch(apiPaths.thought(1))).status).toBe(500);
    expect((await fetch(apiPaths.thought(1))).status).toBe(200);

    const held = fakeApi.hold((url) => url.searchParams.get("q") === "lento");
    let answered = false;
    const slow = fetch(`${apiPaths.thoughts}?q=lento`).then(() => {
      answered = true;
    });
    expect((await fetch(apiPaths.thoughts)).status).toBe(200);
    expect(answered).toBe(false);
    held.release();
    await slow;
    expect(answered).toBe(true);
  });

  it("with a password set, answers 401 to all but the health check and the session until signed in", async () => {
    fakeApi.setPassword("segredo");
    expect(await (await fetch(apiPaths.session)).json()).toEqual({ autenticado: false, senhaDefinida: true });
    const closed = await fetch(apiPaths.thoughts);
    expect(closed.status).toBe(401);
    expect(await closed.json()).toEqual({
      error: { code: "unauthorized", message: "Entre com a senha para continuar." },
    });
    expect((await fetch(apiPaths.health)).status).toBe(200);

    const wrong = await write("POST", apiPaths.session, { senha: "errada" });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: { code: "unauthorized", message: "Senha incorreta." } });
    expect((await write("POST", apiPaths.session, { senha: "segredo" })).status).toBe(204);
    expect((await fetch(apiPaths.thoughts)).status).toBe(200);
    expect((await write("DELETE", apiPaths.session)).status).toBe(204);
    expect((await fetch(apiPaths.thoughts)).status).toBe(401);
  });

  it("refuses sign-ins with a 429 and Retry-After once told to", async () => {
    fakeApi.setPassword("segredo");
    fakeApi.limitSignIns(42);
    const limited = await write("POST", apiPaths.session, { senha: "segredo" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("42");
    expect(fakeApi.session().autenticado).toBe(false);
  });

  it("without a password, is open and says so", async () => {
    expect(await (await fetch(apiPaths.session)).json()).toEqual({
      autenticado: false,
      senhaDefinida: false,
    });
    expect((await fetch(apiPaths.thoughts)).status).toBe(200);
  });
});
