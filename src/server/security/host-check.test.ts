import { connect } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestStore, type TestStore } from "../../../test-support/server/test-stores";
import { makeWebRoot, type WebRoot } from "../../../test-support/server/web-root";
import { thoughtInput } from "../../../test-support/thought-factory";
import { apiPaths, CSRF_COOKIE, CSRF_HEADER } from "../../domain/contract";
import { type AppDeps, buildApp } from "../app";

const refused = {
  error: {
    code: "misdirected_request",
    message: "Este servidor não responde por este endereço (veja ALLOWED_HOSTS).",
  },
};

describe("the Host check (DNS rebinding)", () => {
  let test: TestStore;
  let web: WebRoot;
  const apps: FastifyInstance[] = [];
  const appWith = async (deps: Omit<AppDeps, "store"> = {}) => {
    const app = await buildApp({ store: test.store, webRoot: web.path, writeRateLimit: false, ...deps });
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    test = await openTestStore("sqlite");
    web = makeWebRoot();
    await test.store.thoughts.create(thoughtInput({ conteudo: "Um segredo do mural" }));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await test?.cleanup();
    web?.remove();
  });

  it("answers another name with 421, our error body, no data and no cookie: API, pages and files", async () => {
    const app = await appWith();
    const urls = [
      apiPaths.health,
      apiPaths.thoughts,
      apiPaths.thought(1),
      apiPaths.session,
      "/",
      "/listarPensamento",
    ];
    for (const url of [...urls, "/robots.txt", web.asset, "/index.html"]) {
      for (const host of [
        "rebind.attacker.example",
        "rebind.attacker.example:3000",
        "localhost.attacker.example",
      ]) {
        const response = await app.inject({ method: "GET", url, headers: { host } });
        expect(response.statusCode, `${host}${url}`).toBe(421);
        expect(response.json()).toEqual(refused);
        expect(response.headers["set-cookie"], `${host}${url}`).toBeUndefined();
      }
    }
  });

  it("refuses a write to another name before the anti-forgery check, even with a matching token pair", async () => {
    const app = await appWith();
    const response = await app.inject({
      method: "POST",
      url: apiPaths.thoughts,
      headers: { host: "rebind.attacker.example:3000", [CSRF_HEADER.toLowerCase()]: "chosen" },
      cookies: { [CSRF_COOKIE]: "chosen" },
      payload: thoughtInput(),
    });
    expect(response.statusCode).toBe(421);
    expect((await test.store.thoughts.list({ page: 1, limit: 10 })).total).toBe(1);
  });

  it("refuses an unreadable Host", async () => {
    const app = await appWith();
    for (const host of [
      "localhost:abc",
      "::1",
      "[::1",
      "localhost:3000:1",
      "user@localhost",
      "localhost/x",
    ]) {
      const response = await app.inject({ method: "GET", url: apiPaths.health, headers: { host } });
      expect(response.statusCode, host).toBe(421);
    }
  });

  it("refuses an HTTP/1.0 request that names no Host at all", async () => {
    const app = await appWith();
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const answer = await new Promise<string>((resolve, reject) => {
      let text = "";
      const socket = connect(port, "127.0.0.1", () =>
        socket.end(`GET ${apiPaths.thoughts} HTTP/1.0\r\n\r\n`),
      );
      socket.on("data", (chunk) => {
        text += String(chunk);
      });
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 421 /);
    expect(answer).not.toContain("segredo");
    expect(answer.toLowerCase()).not.toContain("set-cookie");
  });

  it("answers the loopback names, with or without a port, in any case", async () => {
    const app = await appWith();
    const hosts = [
      "localhost",
      "localhost:3000",
      "LocalHost:8080",
      "127.0.0.1",
      "127.0.0.1:3000",
      "[::1]",
      "[::1]:3000",
    ];
    for (const host of hosts) {
      const response = await app.inject({ method: "GET", url: apiPaths.health, headers: { host } });
      expect(response.statusCode, host).toBe(200);
    }
  });

  it("answers the ALLOWED_HOSTS names: on any port when listed without one, else on that port only", async () => {
    const app = await appWith({ allowedHosts: ["memoteca.exemplo.com", "192.168.0.10:3000"] });
    const answers = async (host: string) =>
      (await app.inject({ method: "GET", url: "/listarPensamento", headers: { host } })).statusCode;
    expect(await answers("memoteca.exemplo.com")).toBe(200);
    expect(await answers("Memoteca.Exemplo.com:443")).toBe(200);
    expect(await answers("192.168.0.10:3000")).toBe(200);
    expect(await answers("192.168.0.10:3001")).toBe(421);
    expect(await answers("192.168.0.10")).toBe(421);
    expect(await answers("outro.exemplo.com")).toBe(421);
  });

  it("behind a trusted proxy, checks the forwarded name too; otherwise ignores X-Forwarded-Host", async () => {
    const proxied = await appWith({ trustProxy: true, allowedHosts: ["memoteca.exemplo.com"] });
    const through = (app: FastifyInstance, forwarded: string) =>
      app.inject({
        method: "GET",
        url: apiPaths.health,
        headers: { host: "127.0.0.1:3000", "x-forwarded-host": forwarded },
      });
    expect((await through(proxied, "memoteca.exemplo.com")).statusCode).toBe(200);
    expect((await through(proxied, "rebind.attacker.example")).statusCode).toBe(421);
    expect((await through(proxied, "memoteca.exemplo.com, rebind.attacker.example")).statusCode).toBe(421);
    const direct = await appWith();
    expect((await through(direct, "rebind.attacker.example")).statusCode).toBe(200);
  });
});
