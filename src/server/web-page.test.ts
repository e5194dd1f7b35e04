import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestStore, type TestStore } from "../../test-support/server/test-stores";
import { thoughtInput } from "../../test-support/thought-factory";
import { apiPaths, CSRF_COOKIE, CSRF_HEADER } from "../domain/contract";
import { buildApp } from "./app";
import { hashPassword } from "./auth/password-hash";

/**
 * A stand-in for the server-render bundle: it asks the API for the first page, as the real one does, and
 * returns what it got, so the tests see what the page handler passes and how it puts the result in.
 */
const RENDERER = `
export async function renderWall(url, get) {
  if (!url.startsWith("/listarPensamento")) return undefined;
  const answer = await get("/api/pensamentos?_limit=6");
  if (answer.status !== 200) return undefined;
  const total = answer.header("X-Total-Count");
  return { html: "<p>" + total + " no mural</p>", state: answer.body.replace(/</g, "\\\\u003c"), title: "Busca <b> & \\"x\\"" };
}
`;

describe("the page rendered on the server", () => {
  let test: TestStore;
  let app: FastifyInstance;
  let dist: string;

  beforeAll(async () => {
    test = await openTestStore("sqlite");
    dist = mkdtempSync(join(tmpdir(), "memoteca-dist-"));
    mkdirSync(join(dist, "web"));
    mkdirSync(join(dist, "ssr"));
    writeFileSync(
      join(dist, "web", "index.html"),
      '<!doctype html><html><head><title>Memoteca</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(dist, "ssr", "entry-server.js"), RENDERER);
    // A text that would end the page's script block, were it not escaped.
    await test.store.thoughts.create(thoughtInput({ conteudo: "Primeiro </script>", autoria: "Ana" }));
    await test.store.thoughts.create(thoughtInput({ autoria: "Bia", modelo: "modelo2" }));
    app = await buildApp({ store: test.store, webRoot: join(dist, "web") });
  });
  afterAll(async () => {
    await app?.close();
    await test?.cleanup();
    rmSync(dist, { recursive: true, force: true });
  });

  it("puts the render in #root, the answers in a JSON block and the escaped title in the head", async () => {
    const response = await app.inject({ method: "GET", url: "/listarPensamento" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("private, no-cache");
    expect(response.headers.vary).toBe("Cookie, Accept-Encoding");
    expect(response.headers["set-cookie"]).toBeDefined();
    expect(response.body).toContain("<title>Busca &lt;b&gt; &amp; &quot;x&quot;</title>");
    expect(response.body).toContain('<div id="root"><p>2 no mural</p></div>');
    const [, state = ""] =
      /<script type="application\/json" id="memoteca-state" data-desde="\d+">(.*?)<\/script>/s.exec(
        response.body,
      ) ?? [];
    expect(JSON.parse(state).map((thought: { autoria: string }) => thought.autoria)).toEqual(["Bia", "Ana"]);
    expect(state).not.toContain("</script>");
  });

  it("marks the answers with the change log's head read before them, where the page's live stream starts", async () => {
    const head = (await test.store.changes.bounds()).head;
    expect(head).toBeGreaterThan(0);
    const before = await app.inject({ method: "GET", url: "/listarPensamento" });
    expect(before.body).toContain(`id="memoteca-state" data-desde="${head}">`);
    const added = await test.store.thoughts.create(thoughtInput({ autoria: "Cris" }));
    const after = await app.inject({ method: "GET", url: "/listarPensamento" });
    expect(after.body).toContain(`data-desde="${(await test.store.changes.bounds()).head}">`);
    expect((await test.store.changes.bounds()).head).toBeGreaterThan(head);
    await test.store.thoughts.remove(added.id);
  });

  it("compresses the page as the browser accepts: brotli, else gzip, else not at all", async () => {
    const url = "/listarPensamento";
    const brotli = await app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip, br" } });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toContain("2 no mural");

    const gzip = await app.inject({ method: "GET", url, headers: { "accept-encoding": "br;q=0, gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toContain("2 no mural");

    const plain = await app.inject({ method: "GET", url, headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain("2 no mural");
  });

  it("sends the plain shell for other screens", async () => {
    const response = await app.inject({ method: "GET", url: "/criarPensamento" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).toContain("<title>Memoteca</title>");
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  // Last: the password stays set.
  it("asks the API as the visitor: without a session behind a password, the shell and no thought", async () => {
    await test.store.auth.setPassword(await hashPassword("uma senha só nossa"));
    const response = await app.inject({ method: "GET", url: "/listarPensamento" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toContain("no mural");

    // Signed in, the visitor's own cookie reaches the API call and the wall comes rendered.
    const token = "token-de-teste";
    const signIn = await app.inject({
      method: "POST",
      url: apiPaths.session,
      headers: { cookie: `${CSRF_COOKIE}=${token}`, [CSRF_HEADER]: token, origin: "http://localhost" },
      payload: { senha: "uma senha só nossa" },
    });
    expect(signIn.statusCode).toBe(204);
    const session = signIn.cookies.find((cookie) => cookie.name !== CSRF_COOKIE);
    expect(session).toBeDefined();
    const signedIn = await app.inject({
      method: "GET",
      url: "/listarPensamento",
      cookies: { [session?.name ?? ""]: session?.value ?? "" },
    });
    expect(signedIn.body).toContain("2 no mural");
  });
});
