import { beforeEach, describe, expect, it } from "vitest";
import { apiSuite } from "../../../test-support/server/api-suite";
import { testDialects } from "../../../test-support/server/test-stores";
import type { InboxSettings } from "../../domain/bulk-schemas";
import { apiPaths, type Thought } from "../../domain/contract";
import { readInboxPost } from "../inbox/inbox-post";

/** What KOReader's memos/flomo exporter posts for one highlight. */
const koreader = {
  content:
    "O coração tem razões que a própria razão desconhece.\n\nReler no inverno.\n\nPensamentos (page: 42)\n\n#Pensamentos #koreader",
};

describe("the inbox's reading of a KOReader post", () => {
  it("takes the text, the note, the title, the page and the tags", () => {
    expect(readInboxPost(koreader.content)).toEqual({
      conteudo: "O coração tem razões que a própria razão desconhece.",
      autoria: "Pensamentos",
      fonte: "Pensamentos",
      local: "página 42",
      nota: "Reler no inverno.",
      etiquetas: ["koreader"],
    });
  });

  it("reads a post without a note, and one in no known shape as its text alone", () => {
    expect(readInboxPost("Só o trecho.\n\nDom Casmurro (page: 7)\n\n#Dom_Casmurro #koreader")).toMatchObject({
      conteudo: "Só o trecho.",
      fonte: "Dom Casmurro",
      local: "página 7",
      nota: "",
      etiquetas: ["koreader"],
    });
    expect(readInboxPost("Uma linha solta")).toEqual({
      conteudo: "Uma linha solta",
      autoria: "KOReader",
      fonte: "",
      local: "",
      nota: "",
      etiquetas: [],
    });
  });
});

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`the private inbox on ${name}`, () => {
    const suite = apiSuite(name);
    beforeEach(async () => {
      await suite.test.store.db.deleteFrom("thoughts").execute();
      await suite.test.store.db.deleteFrom("inbox_secrets").execute();
    });

    const settings = async () => {
      const response = await suite.api.call({ method: "GET", url: apiPaths.inboxSettings });
      expect(response.statusCode).toBe(200);
      return response.json() as InboxSettings;
    };
    /** As KOReader posts: JSON, with no cookie, no anti-forgery header, no password. */
    const post = (path: string, payload: unknown, headers: Record<string, string> = {}) =>
      suite.api.app.inject({
        method: "POST",
        url: path,
        payload: typeof payload === "string" ? payload : JSON.stringify(payload),
        headers: { "content-type": "application/json", ...headers },
      });

    it("accepts a KOReader-shaped post without cookies and answers 200 with JSON", async () => {
      const { caminho, segredo } = await settings();
      expect(segredo.length).toBeGreaterThanOrEqual(43);
      expect(caminho).toBe(apiPaths.inbox(segredo));
      expect((await settings()).segredo).toBe(segredo);

      const response = await post(caminho, koreader);
      expect(response.statusCode).toBe(200);
      const answer = response.json() as { id: number; status: string };
      expect(answer.status).toBe("ok");
      const thought = (
        await suite.api.call({ method: "GET", url: apiPaths.thought(answer.id) })
      ).json() as Thought;
      expect(thought).toMatchObject({
        conteudo: "O coração tem razões que a própria razão desconhece.",
        fonte: "Pensamentos",
        local: "página 42",
        nota: "Reler no inverno.",
        etiquetas: ["koreader"],
      });
    });

    it("refuses a wrong secret with a 403 and writes nothing", async () => {
      const { segredo } = await settings();
      for (const wrong of [`${segredo.slice(0, -1)}x`, "curto", `${segredo}a`]) {
        const response = await post(apiPaths.inbox(wrong), koreader);
        expect(response.statusCode).toBe(403);
        expect(response.json().error.code).toBe("forbidden");
      }
      expect(await suite.test.store.thoughts.all()).toEqual([]);
    });

    it("stops a rotated secret at once, and takes the new one", async () => {
      const old = await settings();
      const rotated = await suite.api.call({ method: "POST", url: apiPaths.rotateInbox });
      expect(rotated.statusCode).toBe(200);
      const fresh = rotated.json() as InboxSettings;
      expect(fresh.segredo).not.toBe(old.segredo);
      expect((await post(old.caminho, koreader)).statusCode).toBe(403);
      expect((await post(fresh.caminho, koreader)).statusCode).toBe(200);
      expect((await settings()).segredo).toBe(fresh.segredo);
    });

    it("refuses anything else there: no secret yet, not JSON, no content, too large", async () => {
      expect((await post(apiPaths.inbox("qualquer-coisa"), koreader)).statusCode).toBe(403);
      const { caminho } = await settings();
      expect((await post(caminho, "content=x", { "content-type": "text/plain" })).statusCode).toBe(415);
      expect((await post(caminho, { texto: "x" })).statusCode).toBe(400);
      expect((await post(caminho, { content: "" })).statusCode).toBe(400);
      expect((await post(caminho, { content: "x".repeat(40 * 1024) })).statusCode).toBe(413);
      expect(await suite.test.store.thoughts.all()).toEqual([]);
    });

    it("asks the anti-forgery token of every other write still", async () => {
      const response = await suite.api.app.inject({
        method: "POST",
        url: apiPaths.thoughts,
        payload: { conteudo: "Sem token", autoria: "Ninguém Aqui" },
      });
      expect(response.statusCode).toBe(403);
      const rotate = await suite.api.app.inject({ method: "POST", url: apiPaths.rotateInbox });
      expect(rotate.statusCode).toBe(403);
    });
  });
}
