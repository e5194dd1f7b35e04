import { Validator } from "@seriousme/openapi-schema-validator";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, apiClient } from "../../../test-support/server/api-client";
import { openTestStore, type TestStore } from "../../../test-support/server/test-stores";
import { API_PREFIX, apiPaths, apiRoutes, CSRF_HEADER, isWriteMethod } from "../../domain/contract";
import { hashPassword } from "../auth/password-hash";
import { SESSION_SCHEME, XSRF_SCHEME } from "../openapi/document";

interface Operation {
  summary?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
  requestBody?: { content: Record<string, unknown> };
}
interface OpenapiDocument {
  openapi: string;
  info: { title: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, Record<string, string>> };
}

/**
 * Every method and path the app answers under /api, read from Fastify's own route tree (not from the
 * document's generator): a route the document missed shows up here. HEAD comes with every GET.
 */
function apiRoutesOf(app: FastifyInstance): string[] {
  const parents: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^(.*?)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const [, indent = "", segment = "", methods = ""] = match;
    const depth = indent.length / 4;
    const path = (parents[depth - 1] ?? "") + segment;
    parents[depth] = path;
    parents.length = depth + 1;
    if (!path.startsWith(`${API_PREFIX}/`)) continue;
    for (const method of methods.split(", ")) {
      if (method && method !== "-" && method !== "HEAD") routes.push(`${method} ${path}`);
    }
  }
  return routes.sort();
}

/** The operations of the document, as Fastify writes them (`:id` where OpenAPI writes `{id}`). */
function operationsOf(doc: OpenapiDocument): [string, Operation][] {
  return Object.entries(doc.paths)
    .flatMap(([path, item]) =>
      Object.entries(item).map(
        ([method, operation]) =>
          [`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`, operation] as [string, Operation],
      ),
    )
    .sort(([a], [b]) => a.localeCompare(b));
}

async function documentOf(app: FastifyInstance): Promise<OpenapiDocument> {
  const response = await app.inject({ method: "GET", url: apiPaths.openapi });
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  return response.json();
}

describe("GET /api/openapi.json", () => {
  let test: TestStore;
  let client: ApiClient;
  let doc: OpenapiDocument;

  beforeAll(async () => {
    test = await openTestStore("sqlite");
    client = await apiClient(test.store);
    doc = await documentOf(client.app);
  });
  afterAll(async () => {
    await client?.app.close();
    await test?.cleanup();
  });

  it("is a valid OpenAPI 3.1 document titled Memoteca", async () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info.title).toBe("Memoteca");
    const result = await new Validator().validate(structuredClone(doc) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("lists every route the app registers under /api, and nothing else", () => {
    const registered = apiRoutesOf(client.app);
    // The route tree was read: the routes of every part of the API are there.
    expect(registered).toEqual(
      expect.arrayContaining([
        `GET ${apiPaths.health}`,
        `POST ${apiPaths.session}`,
        `GET ${apiPaths.thoughts}`,
        `DELETE ${API_PREFIX}/pensamentos/:id`,
        `GET ${apiPaths.export}`,
        `POST ${apiPaths.import}`,
        `GET ${apiPaths.openapi}`,
      ]),
    );
    expect(operationsOf(doc).map(([name]) => name)).toEqual(registered);
  });

  it("describes every request and answer from the route schemas, and the error shape for every route", () => {
    const operations = Object.fromEntries(operationsOf(doc));
    const thought = { $ref: "#/components/schemas/Pensamento" };
    expect(operations[`GET ${API_PREFIX}/pensamentos/:id`]?.responses["200"]?.content).toEqual({
      "application/json": { schema: thought },
    });
    expect(operations[`POST ${apiPaths.thoughts}`]?.requestBody?.content).toHaveProperty(
      ["application/json", "schema", "required"],
      ["conteudo", "autoria"],
    );
    for (const [name, operation] of operationsOf(doc)) {
      expect(operation.responses.default?.content?.["application/json"]?.schema, name).toEqual({
        $ref: "#/components/schemas/Erro",
      });
    }
    expect(doc.components.schemas.Erro).toMatchObject({
      type: "object",
      required: ["error"],
      properties: { error: { required: ["code", "message"] } },
    });
  });

  it("shows every field of the thought, the server's dates in answers only", () => {
    const operations = Object.fromEntries(operationsOf(doc));
    const thought = doc.components.schemas.Pensamento as {
      required: string[];
      properties: Record<string, { type?: string; format?: string }>;
    };
    expect(thought.required).toEqual(
      expect.arrayContaining(["fonte", "local", "nota", "criadoEm", "atualizadoEm"]),
    );
    expect(thought.properties.fonte).toMatchObject({ type: "string" });
    expect(thought.properties.criadoEm).toMatchObject({ type: "string", format: "date-time" });
    for (const write of [
      `POST ${apiPaths.thoughts}`,
      `PUT ${API_PREFIX}/pensamentos/:id`,
      `PATCH ${API_PREFIX}/pensamentos/:id`,
    ]) {
      const content = operations[write]?.requestBody?.content["application/json"] as {
        schema: { properties: Record<string, { maxLength?: number }> };
      };
      const body = content.schema;
      expect(Object.keys(body.properties), write).toEqual(expect.arrayContaining(["fonte", "local", "nota"]));
      expect(body.properties.fonte?.maxLength, write).toBe(300);
      expect(body.properties.local?.maxLength, write).toBe(100);
      expect(body.properties.nota?.maxLength, write).toBe(10_000);
      expect(Object.keys(body.properties), write).not.toContain("criadoEm");
      expect(Object.keys(body.properties), write).not.toContain("atualizadoEm");
    }
  });

  it("describes the import's body as the files it reads, which it still checks itself", async () => {
    const operation = Object.fromEntries(operationsOf(doc))[`POST ${apiPaths.import}`];
    expect(Object.keys(operation?.requestBody?.content ?? {})).toEqual(
      expect.arrayContaining(["application/json", "text/csv", "application/zip", "text/plain"]),
    );
    const refused = await client.call({
      method: "POST",
      url: apiPaths.import,
      headers: { "content-type": "image/png" },
      payload: "nada",
    });
    expect(refused.statusCode).toBe(415);
  });

  it("names the session cookie and the anti-forgery header as its security schemes", () => {
    expect(doc.components.securitySchemes).toEqual({
      [SESSION_SCHEME]: expect.objectContaining({ type: "apiKey", in: "cookie", name: "memoteca_sessao" }),
      [XSRF_SCHEME]: expect.objectContaining({ type: "apiKey", in: "header", name: CSRF_HEADER }),
    });
  });

  it("answers only to our own names, like every route", async () => {
    const url = apiPaths.openapi;
    const response = await client.app.inject({ method: "GET", url, headers: { host: "evil.example" } });
    expect(response.statusCode).toBe(421);
  });
});

describe("with a password set: the document's security against the app's answers, and the page", () => {
  let test: TestStore;
  let client: ApiClient;
  let doc: OpenapiDocument;

  beforeAll(async () => {
    test = await openTestStore("sqlite");
    await test.store.auth.setPassword(await hashPassword("senha de teste"));
    client = await apiClient(test.store);
    doc = await documentOf(client.app);
  });
  afterAll(async () => {
    await client?.app.close();
    await test?.cleanup();
  });

  it("is readable without the password, like the health check", async () => {
    expect(doc.info.title).toBe("Memoteca");
  });

  it("asks for the session exactly where the app answers 401 without one", async () => {
    for (const [name, operation] of operationsOf(doc)) {
      const [method = "", path = ""] = name.split(" ");
      const response = await client.call({ method: method as "GET", url: path.replace(":id", "1") });
      const needsSession = (operation.security ?? []).some((requirement) => SESSION_SCHEME in requirement);
      expect(response.statusCode === 401, `${name} answered ${response.statusCode}`).toBe(needsSession);
    }
  });

  it("asks for the anti-forgery header on every write but the inbox's, which the app refuses without it", async () => {
    // The private inbox alone: its secret in the path is its credential (an e-reader has no cookie).
    const inbox = `POST ${API_PREFIX}${apiRoutes.inbox}`;
    expect(operationsOf(doc).find(([name]) => name === inbox)?.[1].security).toEqual([]);
    for (const [name, operation] of operationsOf(doc)) {
      const [method = "", path = ""] = name.split(" ");
      const needsToken = (operation.security ?? []).some((requirement) => XSRF_SCHEME in requirement);
      expect(needsToken, name).toBe(isWriteMethod(method) && name !== inbox);
      if (!needsToken) continue;
      const response = await client.app.inject({ method: method as "POST", url: path.replace(":id", "1") });
      expect(response.statusCode, name).toBe(403);
    }
  });

  it("writes every operation of the document as a section of plain HTML, open without the password", async () => {
    const page = await client.app.inject({ method: "GET", url: apiPaths.docs });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    // The API's policy: no script, no style, nothing from anywhere.
    expect(page.headers["content-security-policy"]).toMatch(/default-src 'none'/);
    expect(page.body).not.toMatch(/<script|<style|style=/);
    for (const [name, operation] of operationsOf(doc)) {
      const [method = "", path = ""] = name.split(" ");
      const heading = `<code>${method} ${path.replace(/:(\w+)/g, "{$1}")}</code>`;
      expect(page.body, name).toContain(heading);
      if (operation.summary) expect(page.body, name).toContain(operation.summary.replaceAll("'", "&#39;"));
    }
    expect(page.body).toContain(`<a href="${apiPaths.openapi}">`);
  });

  it("answers only to our own names", async () => {
    const response = await client.app.inject({
      method: "GET",
      url: apiPaths.docs,
      headers: { host: "evil.example" },
    });
    expect(response.statusCode).toBe(421);
  });
});
