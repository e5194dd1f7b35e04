import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ApiClient, apiClient } from "../../../test-support/server/api-client";
import { openTestStore, type TestStore } from "../../../test-support/server/test-stores";
import { thoughtInput } from "../../../test-support/thought-factory";
import { apiPaths } from "../../domain/contract";

const thought = thoughtInput();
const refused = {
  error: { code: "forbidden", message: "Alterações só podem ser feitas a partir da própria Memoteca." },
};

describe("writes from another site", () => {
  let test: TestStore;
  let api: ApiClient;
  let proxied: ApiClient;

  beforeAll(async () => {
    test = await openTestStore("sqlite");
    api = await apiClient(test.store);
    proxied = await apiClient(test.store, { trustProxy: true, allowedHosts: ["memoteca.exemplo.com"] });
  });
  afterAll(async () => {
    await api?.app.close();
    await proxied?.app.close();
    await test?.cleanup();
  });
  beforeEach(async () => {
    await test.store.db.deleteFrom("thoughts").execute();
  });

  const write = (headers: Record<string, string>, client = api) =>
    client.call({ method: "POST", url: apiPaths.thoughts, payload: thought, headers });
  const stored = async () => (await test.store.thoughts.list({ page: 1, limit: 10 })).total;

  it.each([
    ["a cross-site Origin", { origin: "https://attacker.example" }],
    ["Origin: null", { origin: "null" }],
    ["an Origin on another port", { host: "127.0.0.1:3000", origin: "http://127.0.0.1:3001" }],
    ["another loopback name", { host: "127.0.0.1:3000", origin: "http://localhost:3000" }],
    ["a non-web scheme", { host: "127.0.0.1:3000", origin: "file://127.0.0.1:3000" }],
    ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
    ["Sec-Fetch-Site: same-site", { "sec-fetch-site": "same-site" }],
    [
      "a same-origin Origin but Sec-Fetch-Site: cross-site",
      {
        host: "127.0.0.1:3000",
        origin: "http://127.0.0.1:3000",
        "sec-fetch-site": "cross-site",
      },
    ],
  ])("refuses %s with 403 though the anti-forgery token matches, and stores nothing", async (_, headers) => {
    const response = await write(headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(refused);
    expect(await stored()).toBe(0);
  });

  it("refuses every kind of write, not only creation", async () => {
    const { id } = await test.store.thoughts.create({ ...thought, modelo: "modelo1", favorito: false });
    const headers = { origin: "https://attacker.example" };
    for (const method of ["PUT", "PATCH", "DELETE"] as const) {
      const payload = method === "DELETE" ? undefined : { ...thought, favorito: true };
      const response = await api.call({ method, url: apiPaths.thought(id), payload, headers });
      expect(response.statusCode, method).toBe(403);
    }
    expect(await test.store.thoughts.get(id)).toMatchObject({ favorito: false });
  });

  it.each([
    ["an Origin matching the Host", { host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" }],
    ["an Origin matching the Host, default port", { host: "localhost", origin: "http://localhost" }],
    ["an IPv6 loopback Origin", { host: "[::1]:3000", origin: "http://[::1]:3000" }],
    ["Sec-Fetch-Site: same-origin and no Origin", { "sec-fetch-site": "same-origin" }],
    ["Sec-Fetch-Site: none (typed by the user)", { "sec-fetch-site": "none" }],
    ["neither header, as curl sends", {}],
  ])("accepts a write with %s", async (_, headers) => {
    expect((await write(headers)).statusCode).toBe(201);
  });

  it("behind a TLS proxy, compares the Origin with the name the browser asked for", async () => {
    const headers = {
      host: "127.0.0.1:3000",
      "x-forwarded-host": "memoteca.exemplo.com",
      "x-forwarded-proto": "https",
    };
    expect((await write({ ...headers, origin: "https://memoteca.exemplo.com" }, proxied)).statusCode).toBe(
      201,
    );
    expect((await write({ ...headers, origin: "https://attacker.example" }, proxied)).statusCode).toBe(403);
  });

  it("leaves reads alone: a cross-site GET is for the browser's CORS rules to keep unread", async () => {
    const response = await api.call({
      method: "GET",
      url: apiPaths.thoughts,
      headers: { origin: "https://attacker.example", "sec-fetch-site": "cross-site" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["access-control-allow-origin"]).toBeUndefined();
  });
});
