import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { apiSuite } from "../../../test-support/server/api-suite";
import { testDialects } from "../../../test-support/server/test-stores";
import { apiPaths, CSRF_COOKIE, CSRF_HEADER } from "../../domain/contract";

/** About 1 MiB of `{}`: 340,000 items, refused at the 100,001st after 100,000 were each checked. */
const HOSTILE_FILE = `{"pensamentos":[${Array(340_000).fill("{}").join(",")}]}`;

/** One request over the socket; resolves with its status once the whole answer has arrived. */
function send(
  port: number,
  options: { method: string; path: string; headers?: Record<string, string>; body?: string },
): { answered: Promise<number>; sent: Promise<void> } {
  let sentResolve!: () => void;
  const sent = new Promise<void>((resolve) => {
    sentResolve = resolve;
  });
  const answered = new Promise<number>((resolve, reject) => {
    const outgoing = request(
      { host: "127.0.0.1", port, method: options.method, path: options.path, headers: options.headers },
      (incoming) => {
        incoming.resume();
        incoming.on("end", () => resolve(incoming.statusCode ?? 0));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(options.body, () => sentResolve());
  });
  return { answered, sent };
}

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`the server during an import on ${name}`, () => {
    const suite = apiSuite(name);

    it("answers /api/health over its socket while a hostile import is being read", async () => {
      const { app, token } = suite.api;
      await app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = app.server.address() as AddressInfo;
      const events: string[] = [];

      const importing = send(port, {
        method: "POST",
        path: apiPaths.import,
        headers: {
          "content-type": "application/json",
          cookie: `${CSRF_COOKIE}=${token}`,
          [CSRF_HEADER.toLowerCase()]: token,
        },
        body: HOSTILE_FILE,
      });
      let importDone = false;
      const importStatus = importing.answered.then((status) => {
        importDone = true;
        events.push("import");
        return status;
      });

      // One health check after another until the import is answered.
      await importing.sent;
      const healthStatuses: number[] = [];
      while (!importDone) {
        const status = await send(port, { method: "GET", path: apiPaths.health }).answered;
        healthStatuses.push(status);
        events.push("health");
      }

      expect(await importStatus).toBe(413);
      expect(healthStatuses.every((status) => status === 200)).toBe(true);
      // Health checks sent while the body was still in flight would be answered even by a server that then
      // held its event loop for the whole reading; several answered before the import's answer show the
      // reading itself let them through.
      const answeredFirst = events.indexOf("import");
      expect(answeredFirst).toBeGreaterThanOrEqual(3);
    });
  });
}
