import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestStore, type TestStore } from "../../test-support/server/test-stores";
import { apiPaths, CSRF_COOKIE, CSRF_HEADER } from "../domain/contract";
import { buildApp } from "./app";

describe("the app around the API", () => {
  let test: TestStore;
  let app: FastifyInstance;
  let webRoot: string;

  beforeAll(async () => {
    test = await openTestStore("sqlite");
    webRoot = mkdtempSync(join(tmpdir(), "memoteca-web-"));
    writeFileSync(
      join(webRoot, "index.html"),
      "<!doctype html><title>Memoteca</title><script>let a=1</script><style>body{color:#123}</style>",
    );
    writeFileSync(join(webRoot, "robots.txt"), "User-agent: *");
    mkdirSync(join(webRoot, "assets"));
    writeFileSync(join(webRoot, "assets", "index-3f9a1c.js"), "console.log(1)");
    app = await buildApp({ store: test.store, webRoot });
  });
  afterAll(async () => {
    await app?.close();
    await test?.cleanup();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it("answers the health check with the database in use and hands out the anti-forgery cookie", async () => {
    const response = await app.inject({ method: "GET", url: apiPaths.health });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", database: "sqlite" });
    const cookie = response.cookies.find((c) => c.name === CSRF_COOKIE);
    expect(cookie?.value).toMatch(/^[\w-]{40,}$/);
    expect(cookie?.sameSite).toBe("Strict");
    expect(cookie?.httpOnly).not.toBe(true);
  });

  it("keeps an anti-forgery cookie the browser already has", async () => {
    const response = await app.inject({
      method: "GET",
      url: apiPaths.health,
      cookies: { [CSRF_COOKIE]: "already-there" },
    });
    expect(response.cookies.find((c) => c.name === CSRF_COOKIE)).toBeUndefined();
  });

  it("hands the anti-forgery cookie to any page or API answer that lacks it, a refused write included", async () => {
    const tokenOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
      response.cookies.find((c) => c.name === CSRF_COOKIE)?.value;
    expect(tokenOf(await app.inject({ method: "GET", url: "/criarPensamento" }))).toMatch(/^[\w-]{40,}$/);
    // A form opened first, that never read from the API: its save is refused, but carries the token back.
    const refused = await app.inject({
      method: "POST",
      url: apiPaths.thoughts,
      headers: { origin: "http://localhost" },
      payload: { conteudo: "Um pensamento", autoria: "Alguém", modelo: "modelo1" },
    });
    expect(refused.statusCode).toBe(403);
    const token = tokenOf(refused);
    expect(token).toMatch(/^[\w-]{40,}$/);
    const saved = await app.inject({
      method: "POST",
      url: apiPaths.thoughts,
      headers: { origin: "http://localhost", [CSRF_HEADER.toLowerCase()]: token ?? "" },
      cookies: { [CSRF_COOKIE]: token ?? "" },
      payload: { conteudo: "Um pensamento", autoria: "Alguém", modelo: "modelo1" },
    });
    expect(saved.statusCode).toBe(201);
    expect(tokenOf(saved)).toBeUndefined();
    // Built files never carry it: any cache may share them.
    expect(tokenOf(await app.inject({ method: "GET", url: "/robots.txt" }))).toBeUndefined();
    expect(tokenOf(await app.inject({ method: "GET", url: "/assets/index-3f9a1c.js" }))).toBeUndefined();
  });

  it("serves index.html for any screen route, so a reload or a deep link works", async () => {
    for (const url of ["/listarPensamento", "/pensamentos/editarPensamento/5", "/nao/existe"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.body).toContain("<title>Memoteca</title>");
    }
  });

  it("leads the bare address to the wall", async () => {
    const response = await app.inject({ method: "GET", url: "/" });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/listarPensamento");
  });

  it("serves the built files themselves", async () => {
    const response = await app.inject({ method: "GET", url: "/robots.txt" });
    expect(response.body).toBe("User-agent: *");
  });

  it("lets browsers keep fingerprinted assets for good and revalidate everything else", async () => {
    const asset = await app.inject({ method: "GET", url: "/assets/index-3f9a1c.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    for (const url of ["/robots.txt", "/listarPensamento"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("answers unknown /api routes with a JSON 404, never the web page", async () => {
    for (const url of ["/api", "/api/nada", "/api/pensamentos/1/extra"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: "not_found", message: "Rota não encontrada." } });
    }
  });

  it("answers a URL that does not decode with our 400, on the API and on the web app", async () => {
    for (const url of ["/%", "/api/pensamentos/%", "/assets/%E0%A4%A"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: "bad_request", message: "Endereço inválido." } });
    }
  });

  it("answers an id longer than the router accepts with the 404 of a missing thought", async () => {
    const response = await app.inject({ method: "GET", url: `${apiPaths.thoughts}/${"9".repeat(150)}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: "not_found", message: "Pensamento não encontrado." } });
  });

  it("answers a Range past the end of a file with our 416 and the file's size", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/robots.txt",
      headers: { range: "bytes=1000-2000" },
    });
    expect(response.statusCode).toBe(416);
    expect(response.headers["content-range"]).toBe(`bytes */${"User-agent: *".length}`);
    expect(response.json()).toEqual({
      error: { code: "range_not_satisfiable", message: "O intervalo pedido está fora do arquivo." },
    });
    const inside = await app.inject({ method: "GET", url: "/robots.txt", headers: { range: "bytes=0-3" } });
    expect(inside.statusCode).toBe(206);
    expect(inside.body).toBe("User");
  });

  it("sends a strict Content-Security-Policy and the usual hardening headers", async () => {
    const response = await app.inject({ method: "GET", url: "/listarPensamento" });
    const csp = String(response.headers["content-security-policy"]);
    const directives = Object.fromEntries(
      csp.split(";").map((part) => {
        const [name = "", ...values] = part.trim().split(/\s+/);
        return [name, values.join(" ")];
      }),
    );
    expect(directives).toMatchObject({
      "default-src": "'self'",
      // The build's inline script and stylesheet, by the SHA-256 of their exact text
      // (printf '%s' … | openssl dgst -sha256 -binary | base64).
      "script-src": "'self' 'sha256-+Q3dsIT3kYyYXlBldxY4Baal1kEoF6cDrlPvZn4iLYs='",
      "style-src": "'self' 'sha256-3NukuEgz3eCqFp2865Fm74xAoTPS6ruvf41GmFVYVzg='",
      "object-src": "'none'",
      "frame-ancestors": "'none'",
    });
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("unsafe-eval");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("the app without a web build", () => {
  it("still serves the API and answers other paths with a JSON 404", async () => {
    const test = await openTestStore("sqlite");
    const app = await buildApp({ store: test.store, webRoot: join(tmpdir(), "memoteca-no-such-build") });
    try {
      expect((await app.inject({ method: "GET", url: apiPaths.health })).statusCode).toBe(200);
      const page = await app.inject({ method: "GET", url: "/listarPensamento" });
      expect(page.statusCode).toBe(404);
      expect(page.json().error.code).toBe("not_found");
    } finally {
      await app.close();
      await test.cleanup();
    }
  });
});

describe("the health check of a database that stopped answering", () => {
  it("answers 503 unavailable, without the database's own error", async () => {
    const test = await openTestStore("sqlite");
    const app = await buildApp({ store: test.store });
    try {
      await test.store.close();
      const response = await app.inject({ method: "GET", url: apiPaths.health });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        error: { code: "unavailable", message: "O banco de dados não está respondendo." },
      });
    } finally {
      await app.close();
      await test.cleanup();
    }
  });
});
