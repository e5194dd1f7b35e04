import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "../../../test-support/server/api-client";
import { openTestStore, type TestStore, testDialects } from "../../../test-support/server/test-stores";
import { thoughtInput } from "../../../test-support/thought-factory";
import { apiPaths } from "../../domain/contract";
import { fastifyTrustProxy, parseTrustProxy } from "./trust-proxy";

describe("TRUST_PROXY", () => {
  it("reads true as one proxy, a hop count, or a list of addresses and ranges", () => {
    expect(parseTrustProxy("false")).toBe(false);
    expect(parseTrustProxy("true")).toBe(1);
    expect(parseTrustProxy("3")).toBe(3);
    expect(parseTrustProxy("10.0.0.2, fd00::/8")).toEqual(["10.0.0.2", "fd00::/8"]);
    expect(parseTrustProxy("10.0.0.0/40")).toMatchObject({ problem: expect.stringContaining("10.0.0.0/40") });
  });

  it("trusts a hop only from a loopback or private peer, never a public client's own claims", () => {
    const trust = fastifyTrustProxy(1);
    if (typeof trust !== "function") throw new Error("a hop count becomes a trust function");
    expect(trust("127.0.0.1", 0)).toBe(true);
    expect(trust("::ffff:172.18.0.3", 0)).toBe(true);
    expect(trust("fd12::7", 0)).toBe(true);
    expect(trust("203.0.113.9", 0)).toBe(false);
    expect(trust("10.0.0.5", 1)).toBe(false);
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy(["10.0.0.2"])).toEqual(["10.0.0.2"]);
  });
});

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`the client address behind a proxy on ${name}`, () => {
    let test: TestStore;
    beforeAll(async () => {
      test = await openTestStore(name);
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it("keeps the write limit when every request claims a fresh address in X-Forwarded-For", async () => {
      const limited = await apiClient(test.store, { writeRateLimit: 3, trustProxy: true });
      try {
        const statuses = [];
        for (let write = 1; write <= 5; write++) {
          const response = await limited.call({
            method: "POST",
            url: apiPaths.thoughts,
            payload: thoughtInput(),
            // The client writes the first address; the proxy appends the one it saw.
            headers: { "x-forwarded-for": `198.51.100.${write}, 203.0.113.9` },
          });
          statuses.push(response.statusCode);
        }
        expect(statuses).toEqual([201, 201, 201, 429, 429]);
        const elsewhere = await limited.call({
          method: "POST",
          url: apiPaths.thoughts,
          payload: thoughtInput(),
          headers: { "x-forwarded-for": "203.0.113.10" },
        });
        expect(elsewhere.statusCode).toBe(201);
      } finally {
        await limited.app.close();
      }
    });
  });
}
