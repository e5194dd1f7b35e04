import { Readable } from "node:stream";
import { beforeEach, describe, expect, it } from "vitest";
import { apiSuite } from "../../../test-support/server/api-suite";
import { testDialects } from "../../../test-support/server/test-stores";
import { thoughtInput } from "../../../test-support/thought-factory";
import { apiPaths } from "../../domain/contract";
import { IMPORT_MAX_ITEMS, importResultSchema } from "../../domain/contract-schemas";
import { messages } from "../../domain/messages";

/** A JSON file of `count` empty objects: items that are each refused, the cheapest to write. */
const emptyItems = (count: number) => `{"pensamentos":[${Array(count).fill("{}").join(",")}]}`;
const csvLines = (count: number) =>
  `conteudo,autoria\n${Array.from({ length: count }, (_, i) => `Texto ${i},Autor`).join("\n")}\n`;

/** A request body that arrives in two parts: the test says when the rest comes. */
function heldBody(first: string) {
  let reading!: () => void;
  const readStarted = new Promise<void>((resolve) => {
    reading = resolve;
  });
  const stream = new Readable({
    read() {
      reading();
    },
  });
  stream.push(first);
  return {
    stream,
    /** Settles once the server begins reading the body, after every check that precedes it. */
    readStarted,
    finish(rest: string) {
      stream.push(rest);
      stream.push(null);
    },
  };
}

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`POST /api/import limits on ${name}`, () => {
    const suite = apiSuite(name);
    const kept = thoughtInput({ conteudo: "Já estava no mural", autoria: "Autora" });
    beforeEach(async () => {
      await suite.test.store.db.deleteFrom("thoughts").execute();
      await suite.test.store.thoughts.create(kept);
    });
    const post = (payload: string | Readable, contentType = "application/json", query = "") =>
      suite.api.call({
        method: "POST",
        url: `${apiPaths.import}${query}`,
        payload,
        headers: { "content-type": contentType },
      });
    const wall = async () =>
      (await suite.test.store.thoughts.all()).map(({ conteudo, autoria }) => ({ conteudo, autoria }));
    const keptWall = [{ conteudo: kept.conteudo, autoria: kept.autoria }];

    it("takes a file of exactly 100,000 items", async () => {
      const answer = await post(emptyItems(IMPORT_MAX_ITEMS), "application/json", "?dryRun=true");
      expect(answer.statusCode).toBe(200);
      const result = importResultSchema.parse(answer.json());
      expect(result).toMatchObject({ imported: 0, skipped: IMPORT_MAX_ITEMS, errorsNotListed: 99_000 });
      expect(result.errors[0]).toEqual({ at: "item 1", message: messages.contentRequired });
    });

    it.each([
      ["JSON", emptyItems(IMPORT_MAX_ITEMS + 1), "application/json"],
      ["CSV", csvLines(IMPORT_MAX_ITEMS + 1), "text/csv"],
    ])(
      "refuses a %s file of 100,001 items with 413 naming the limit, and changes nothing",
      async (_, file, type) => {
        const answer = await post(file, type);
        expect(answer.statusCode).toBe(413);
        expect(answer.json()).toEqual({
          error: { code: "too_many_items", message: messages.importTooManyItems },
        });
        expect(answer.json().error.message).toContain("100.000");
        expect(await wall()).toEqual(keptWall);
      },
    );

    it("answers 409 to a second import while one is under way, before reading its body, and changes nothing", async () => {
      const first = heldBody('{"pensamentos":[{"conteudo":"Primeiro arquivo","autoria":"Autora"}');
      const answering = post(first.stream);
      await first.readStarted;

      const second = heldBody('{"pensamentos":[{"conteudo":"Segundo arquivo","autoria":"Autor"}');
      const refused = await post(second.stream);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: { code: "conflict", message: messages.importBusy } });
      expect(refused.json().error.message).toContain("Outra importação em andamento");
      // Answered though its body never ended: before any of it could be parsed.
      expect(second.stream.readableEnded).toBe(false);

      first.finish("]}");
      const done = await answering;
      expect(importResultSchema.parse(done.json()).imported).toBe(1);
      expect(await wall()).toEqual([...keptWall, { conteudo: "Primeiro arquivo", autoria: "Autora" }]);
    });

    it("lets the next import in once the one before is answered, whatever its answer", async () => {
      expect((await post("{ quebrado")).statusCode).toBe(400);
      expect((await post(emptyItems(IMPORT_MAX_ITEMS + 1))).statusCode).toBe(413);
      expect((await post("<texto/>", "application/xml")).statusCode).toBe(415);
      const next = await post(JSON.stringify({ pensamentos: [{ conteudo: "Depois", autoria: "Autora" }] }));
      expect(importResultSchema.parse(next.json()).imported).toBe(1);
    });
  });
}
