import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { readFileBody } from "./file-body";

const chunksOf = (...texts: string[]) => Readable.from(texts.map((text) => Buffer.from(text)));

describe("an imported file's body", () => {
  it("is the bytes as they came, in the Buffer its Content-Length sized", async () => {
    const body = await readFileBody(chunksOf('{"pensa', 'mentos":', " []}"), "19", 100);
    expect(body.toString()).toBe('{"pensamentos": []}');
    expect(body).toHaveLength(19);
  });

  it("is joined from its chunks when no Content-Length came", async () => {
    expect((await readFileBody(chunksOf("a,b\n", "c,d\n"), undefined, 100)).toString()).toBe("a,b\nc,d\n");
  });

  it("is refused with Fastify's 413 over the limit, declared or not", async () => {
    await expect(readFileBody(chunksOf("x"), "101", 100)).rejects.toMatchObject({
      code: "FST_ERR_CTP_BODY_TOO_LARGE",
      statusCode: 413,
    });
    await expect(
      readFileBody(chunksOf("x".repeat(60), "y".repeat(60)), undefined, 100),
    ).rejects.toMatchObject({
      code: "FST_ERR_CTP_BODY_TOO_LARGE",
    });
  });

  it("is refused with Fastify's 400 when it is longer or shorter than its Content-Length", async () => {
    for (const declared of ["3", "9"]) {
      await expect(readFileBody(chunksOf("abc", "def"), declared, 100)).rejects.toMatchObject({
        code: "FST_ERR_CTP_INVALID_CONTENT_LENGTH",
        statusCode: 400,
      });
    }
  });
});
