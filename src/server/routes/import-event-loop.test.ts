import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { apiSuite } from "../../../test-support/server/api-suite";
import { kindleHighlights, kindleNotes, kindleSpacesLine } from "../../../test-support/server/kindle-files";
import { testDialects } from "../../../test-support/server/test-stores";
import { apiPaths, CSRF_COOKIE, CSRF_HEADER } from "../../domain/contract";
import { importResultSchema } from "../../domain/contract-schemas";
import { messages } from "../../domain/messages";

/** About 1 MiB of `{}`: 340,000 items, refused at the 100,001st after 100,000 were each checked. */
const HOSTILE_FILE = `{"pensamentos":[${Array(340_000).fill("{}").join(",")}]}`;

/**
 * How long a dry run of 20,000 Kindle thoughts may take here before the test gives up: the file is read
 * twice and every thought checked (its source, place and date too), 8 to 20 s on the 2-core machine shared
 * with other suites. What these tests check is that /api/health is answered meanwhile, not how fast.
 */
const BIG_KINDLE_FILE_MS = 60_000;

interface Answer {
  status: number;
  body: string;
}

/** One request over the socket; `answered` resolves once the whole answer has arrived. */
function send(
  port: number,
  options: { method: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): { answered: Promise<Answer>; sent: Promise<void> } {
  let sentResolve!: () => void;
  const sent = new Promise<void>((resolve) => {
    sentResolve = resolve;
  });
  const answered = new Promise<Answer>((resolve, reject) => {
    const outgoing = request(
      { host: "127.0.0.1", port, method: options.method, path: options.path, headers: options.headers },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () =>
          resolve({ status: incoming.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
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

    /**
     * Sends the file as an import over a real socket, then asks /api/health one request after another until
     * the import is answered: the import's answer, every health status, and the order the answers came in.
     */
    async function importAskingHealth(body: string | Buffer, contentType: string, query = "") {
      const { app, token } = suite.api;
      if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = app.server.address() as AddressInfo;
      const events: string[] = [];
      const importing = send(port, {
        method: "POST",
        path: `${apiPaths.import}${query}`,
        headers: {
          "content-type": contentType,
          cookie: `${CSRF_COOKIE}=${token}`,
          [CSRF_HEADER.toLowerCase()]: token,
        },
        body,
      });
      let importDone = false;
      const imported = importing.answered.then((answer) => {
        importDone = true;
        events.push("import");
        return answer;
      });
      await importing.sent;
      const healthStatuses: number[] = [];
      do {
        const { status } = await send(port, { method: "GET", path: apiPaths.health }).answered;
        healthStatuses.push(status);
        events.push("health");
      } while (!importDone);
      return { answer: await imported, healthStatuses, events };
    }

    it("answers /api/health over its socket while a hostile import is being read", async () => {
      const { answer, healthStatuses, events } = await importAskingHealth(HOSTILE_FILE, "application/json");
      expect(answer.status).toBe(413);
      expect(healthStatuses.every((status) => status === 200)).toBe(true);
      // Health checks sent while the body was still in flight would be answered even by a server that then
      // held its event loop for the whole reading; several answered before the import's answer show the
      // reading itself let them through.
      expect(events.indexOf("import")).toBeGreaterThanOrEqual(3);
    });

    it("answers a Kindle file whose title line is 1 MiB of spaces, and /api/health beside it", async () => {
      const { answer, healthStatuses } = await importAskingHealth(kindleSpacesLine(), "text/plain");
      // A title pattern that backtracked held the event loop for minutes on this line, this answer and the
      // health checks with it.
      expect(answer.status).toBe(200);
      expect(importResultSchema.parse(JSON.parse(answer.body))).toMatchObject({ imported: 1, errors: [] });
      expect(healthStatuses.length).toBeGreaterThan(0);
      expect(healthStatuses.every((status) => status === 200)).toBe(true);
    });

    it(
      "takes 20,000 Kindle highlights of one book at one place, answering /api/health meanwhile",
      async () => {
        const { answer, healthStatuses, events } = await importAskingHealth(
          kindleHighlights(20_000),
          "text/plain",
          "?dryRun=true",
        );
        expect(answer.status).toBe(200);
        expect(importResultSchema.parse(JSON.parse(answer.body))).toMatchObject({
          imported: 20_000,
          errors: [],
        });
        expect(healthStatuses.every((status) => status === 200)).toBe(true);
        // Each highlight compared with every earlier one for Kindle's repeats held the loop until the answer.
        expect(events.indexOf("import")).toBeGreaterThanOrEqual(3);
      },
      BIG_KINDLE_FILE_MS,
    );

    it(
      "takes 10,000 Kindle highlights with a note each, all at one place, answering /api/health meanwhile",
      async () => {
        const { answer, healthStatuses, events } = await importAskingHealth(
          kindleNotes(10_000),
          "text/plain",
          "?dryRun=true",
        );
        expect(answer.status).toBe(200);
        const result = importResultSchema.parse(JSON.parse(answer.body));
        // Every note goes with a highlight (its place is in every one's range) until that highlight's note is
        // full; the rest become thoughts of their own. Nothing is an error, nothing passed over.
        expect(result).toMatchObject({ skipped: 0, errors: [] });
        expect(result.imported).toBeGreaterThan(10_000);
        expect(result.imported).toBeLessThan(20_000);
        expect(healthStatuses.every((status) => status === 200)).toBe(true);
        expect(events.indexOf("import")).toBeGreaterThanOrEqual(3);
      },
      BIG_KINDLE_FILE_MS,
    );

    it("refuses 200,000 Kindle highlights with 413 while reading them, answering /api/health meanwhile", async () => {
      const { answer, healthStatuses, events } = await importAskingHealth(
        kindleHighlights(200_000),
        "text/plain",
      );
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({
        error: { code: "too_many_items", message: messages.importTooManyItems },
      });
      expect(healthStatuses.every((status) => status === 200)).toBe(true);
      // As for the JSON file above: the reading let several health checks through before its answer.
      expect(events.indexOf("import")).toBeGreaterThanOrEqual(3);
    });
  });
}
