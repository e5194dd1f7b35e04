import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestStore, type TestStore } from "../../../test-support/server/test-stores";
import { makeWebRoot, type WebRoot } from "../../../test-support/server/web-root";
import { apiPaths, CSRF_COOKIE } from "../../domain/contract";
import { buildApp } from "../app";

describe("hardening headers and cookies", () => {
  let test: TestStore;
  let web: WebRoot;
  let plain: FastifyInstance;
  let proxied: FastifyInstance;

  beforeAll(async () => {
    test = await openTestStore("sqlite");
    web = makeWebRoot();
    plain = await buildApp({ store: test.store, webRoot: web.path });
    proxied = await buildApp({ store: test.store, webRoot: web.path, trustProxy: true });
  });
  afterAll(async () => {
    await plain?.close();
    await proxied?.close();
    await test?.cleanup();
    web?.remove();
  });

  const everyKind = () => [apiPaths.health, apiPaths.thoughts, "/listarPensamento", "/robots.txt", web.asset];

  it("forbids framing in both headers: X-Frame-Options DENY, as frame-ancestors 'none' says", async () => {
    for (const url of everyKind()) {
      const response = await plain.inject({ method: "GET", url });
      expect(response.headers["x-frame-options"], url).toBe("DENY");
      expect(String(response.headers["content-security-policy"])).toContain("frame-ancestors 'none'");
    }
  });

  it("gives API answers the headers that matter for data, and pages the whole set", async () => {
    const dataHeaders = {
      "content-security-policy": "default-src 'none';frame-ancestors 'none'",
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
      "cross-origin-resource-policy": "same-origin",
      "referrer-policy": "no-referrer",
    };
    for (const url of [apiPaths.health, apiPaths.thoughts, "/api/nada"]) {
      const response = await plain.inject({ method: "GET", url });
      expect(response.headers, url).toMatchObject(dataHeaders);
      expect(response.headers["x-xss-protection"], url).toBeUndefined();
      expect(response.headers["cross-origin-opener-policy"], url).toBeUndefined();
    }
    const page = await plain.inject({ method: "GET", url: "/listarPensamento" });
    expect(String(page.headers["content-security-policy"])).toContain("script-src 'self'");
    expect(page.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("sends no Strict-Transport-Security over plain HTTP", async () => {
    for (const url of everyKind()) {
      const response = await plain.inject({ method: "GET", url });
      expect(response.headers["strict-transport-security"], url).toBeUndefined();
    }
  });

  it("sends Strict-Transport-Security behind a TLS proxy (TRUST_PROXY)", async () => {
    for (const url of everyKind()) {
      const response = await proxied.inject({ method: "GET", url });
      expect(response.headers["strict-transport-security"], url).toMatch(/^max-age=\d{7,}/);
    }
  });

  it("hands out the anti-forgery cookie with pages and API reads, never with a static file", async () => {
    for (const url of [apiPaths.health, apiPaths.thoughts, "/listarPensamento", "/criarPensamento"]) {
      const response = await plain.inject({ method: "GET", url });
      expect(
        response.cookies.map((cookie) => cookie.name),
        url,
      ).toEqual([CSRF_COOKIE]);
    }
    for (const url of ["/robots.txt", web.asset, "/favicon-that-is-not-there.svg"]) {
      const response = await plain.inject({ method: "GET", url });
      if (url !== "/favicon-that-is-not-there.svg") expect(response.statusCode, url).toBe(200);
      if (response.headers["content-type"]?.toString().startsWith("text/html")) continue;
      expect(response.headers["set-cookie"], url).toBeUndefined();
    }
  });

  it("marks the anti-forgery cookie Secure behind a TLS proxy only", async () => {
    const plainCookie = (await plain.inject({ method: "GET", url: apiPaths.health })).cookies[0];
    const proxiedCookie = (await proxied.inject({ method: "GET", url: apiPaths.health })).cookies[0];
    expect(plainCookie?.secure).toBeUndefined();
    expect(proxiedCookie?.secure).toBe(true);
  });

  it("lets the page load its own service worker and manifest, and nothing of another origin", async () => {
    const policy = String(
      (await plain.inject({ method: "GET", url: "/listarPensamento" })).headers["content-security-policy"],
    );
    const directives = new Map(
      policy.split(";").map((directive) => {
        const [name = "", ...sources] = directive.trim().split(/\s+/);
        return [name, sources] as const;
      }),
    );
    // worker-src falls back to child-src, then script-src, then default-src; manifest-src to default-src.
    expect(directives.get("default-src")).toEqual(["'self'"]);
    expect(directives.get("script-src")).toEqual(["'self'"]);
    for (const name of ["worker-src", "child-src", "manifest-src"]) {
      expect(directives.has(name), name).toBe(false);
    }
  });
});
