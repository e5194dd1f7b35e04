import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, apiClient } from "../../../test-support/server/api-client";
import { apiSuite } from "../../../test-support/server/api-suite";
import { openTestStore, type TestStore, testDialects } from "../../../test-support/server/test-stores";
import { thoughtInput } from "../../../test-support/thought-factory";
import { apiPaths, type Thought } from "../../domain/contract";
import { CONTENT_MAX } from "../../domain/rules";
import { hashPassword } from "../auth/password-hash";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The size a PNG declares in its first chunk, which must be IHDR (PNG spec, 5.2 and 11.2.2). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(bytes.toString("latin1", 12, 16)).toBe("IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Accents and a line break, which the card must draw. */
const card = thoughtInput({
  conteudo: "A ação é a chave fundamental de todo sucesso.\nNão espere por uma crise, coração.",
  autoria: "Pablo Picasso",
  modelo: "modelo2",
});

for (const { name, available } of testDialects()) {
  // Real drawings, in worker threads started from the sources: slow on a loaded machine, never a budget.
  describe.skipIf(!available)(`GET /api/pensamentos/:id/imagem.png on ${name}`, { timeout: 60_000 }, () => {
    // The first card starts a drawing worker, from the TypeScript sources here (tsx compiles them in the
    // worker): seconds on a loaded machine. The 5 s patience has its own test (image-limits.routes.test.ts).
    const suite = apiSuite(name, { cardImages: { giveUpMs: 60_000 } });
    const image = (id: number, headers: Record<string, string> = {}) =>
      suite.api.call({ method: "GET", url: apiPaths.thoughtImage(id), headers });
    const create = (thought: Partial<typeof card> = {}) =>
      suite.test.store.thoughts.create({ ...card, ...thought });

    it("draws the card as a 1200×630 PNG, with an ETag the browser must check again", async () => {
      const thought = await create();
      const response = await image(thought.id);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("image/png");
      expect(response.headers["cache-control"]).toBe("private, no-cache");
      expect(response.headers.etag).toMatch(/^"[\w-]{20,}"$/);
      expect(pngSize(response.rawPayload)).toEqual({ width: 1200, height: 630 });
    });

    it("answers the same bytes for the same thought, 304 while unchanged, and new ones once it changes", async () => {
      const thought = await create();
      const first = await image(thought.id);
      const again = await image(thought.id);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);

      const etag = String(first.headers.etag);
      for (const ifNoneMatch of [etag, `W/${etag}`, `"outro", ${etag}`]) {
        const unchanged = await image(thought.id, { "if-none-match": ifNoneMatch });
        expect(unchanged.statusCode, ifNoneMatch).toBe(304);
        expect(unchanged.rawPayload.length).toBe(0);
        expect(unchanged.headers.etag).toBe(etag);
        expect(unchanged.headers["cache-control"]).toBe("private, no-cache");
      }

      const patched = await suite.api.call({
        method: "PATCH",
        url: apiPaths.thought(thought.id),
        payload: { conteudo: "Outro texto, outra imagem." },
      });
      expect(patched.statusCode).toBe(200);
      const changed = await image(thought.id, { "if-none-match": etag });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(changed.rawPayload.equals(first.rawPayload)).toBe(false);
      expect(pngSize(changed.rawPayload)).toEqual({ width: 1200, height: 630 });

      // The model is part of the card too.
      await suite.test.store.thoughts.update(thought.id, { modelo: "modelo3" });
      const remodelled = await image(thought.id);
      expect(remodelled.headers.etag).not.toBe(changed.headers.etag);
    });

    it("answers 404, in the API's error shape, for a thought that does not exist", async () => {
      for (const url of [apiPaths.thoughtImage(999_999), `${apiPaths.thoughts}/abc/imagem.png`]) {
        const response = await suite.api.call({ method: "GET", url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json(), url).toEqual({
          error: { code: "not_found", message: expect.stringMatching(/não encontrad/) },
        });
      }
      expect((await image(999_999)).json().error.message).toBe("Pensamento não encontrado.");
      // A deleted thought (in the trash) is no longer shared either.
      const deleted = await create();
      expect((await image(deleted.id)).statusCode).toBe(200);
      await suite.test.store.thoughts.remove(deleted.id);
      expect((await image(deleted.id)).statusCode).toBe(404);
    });

    it("draws a text of the largest size allowed, cut to fit", async () => {
      const words = "palavra comprida e outra mais ";
      const thought = await create({
        conteudo: words.repeat(Math.ceil(CONTENT_MAX / words.length)).slice(0, CONTENT_MAX),
        autoria: "A".repeat(200),
      });
      const response = await image(thought.id);
      expect(response.statusCode).toBe(200);
      expect(pngSize(response.rawPayload)).toEqual({ width: 1200, height: 630 });
    });

    it("is documented as a PNG, with its 304, in the OpenAPI document", async () => {
      const doc = (await suite.api.call({ method: "GET", url: apiPaths.openapi })).json();
      const operation = doc.paths[`${apiPaths.thoughts}/{id}/imagem.png`]?.get;
      expect(Object.keys(operation?.responses["200"]?.content ?? {})).toEqual(["image/png"]);
      expect(operation?.responses).toHaveProperty("304");
      expect(operation?.parameters).toEqual([expect.objectContaining({ in: "path", name: "id" })]);
    });

    it("draws emoji and CJK text, which the card's font lacks, without failing", async () => {
      const thought: Thought = await create({
        conteudo: "Bom dia ☀️👋🏽 👨‍👩‍👧 你好，世界 こんにちは 안녕하세요 — ação, maçã, café",
        autoria: "Alguém 🎉 字",
      });
      const response = await image(thought.id);
      expect(response.statusCode).toBe(200);
      expect(pngSize(response.rawPayload)).toEqual({ width: 1200, height: 630 });
    });
  });
}

describe("GET /api/pensamentos/:id/imagem.png with a password set", () => {
  let test: TestStore;
  let client: ApiClient;

  beforeAll(async () => {
    test = await openTestStore("sqlite");
    await test.store.auth.setPassword(await hashPassword("senha de teste"));
    client = await apiClient(test.store);
  });
  afterAll(async () => {
    await client?.app.close();
    await test?.cleanup();
  });

  it("answers 401 without a session, and draws nothing", async () => {
    const thought = await test.store.thoughts.create(card);
    const response = await client.call({ method: "GET", url: apiPaths.thoughtImage(thought.id) });
    expect(response.statusCode).toBe(401);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ error: { code: "unauthorized" } });
  });
});
