import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, apiClient } from "../../test-support/server/api-client";
import { openTestStore, type TestStore } from "../../test-support/server/test-stores";
import { apiPaths, CSRF_COOKIE, CSRF_HEADER } from "../domain/contract";
import { messages } from "../domain/messages";

const REQUEST_TIMEOUT_MS = 300;
const TRICKLE_EVERY_MS = 50;

describe("a request whose body trickles in", () => {
  let test: TestStore;
  let client: ApiClient;
  beforeAll(async () => {
    test = await openTestStore("sqlite");
    client = await apiClient(test.store, { requestTimeoutMs: REQUEST_TIMEOUT_MS });
    await client.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await client?.app.close();
    await test?.cleanup();
  });

  it("is answered 408 in the API's error shape and closed, though a byte keeps coming", async () => {
    const { port } = client.app.server.address() as AddressInfo;
    const socket = connect(port, "127.0.0.1");
    const body = JSON.stringify({ conteudo: "Um pensamento que chega devagar demais", autoria: "Autora" });
    socket.write(
      [
        `POST ${apiPaths.thoughts} HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        "Content-Type: application/json",
        `Content-Length: ${body.length}`,
        `Cookie: ${CSRF_COOKIE}=${client.token}`,
        `${CSRF_HEADER}: ${client.token}`,
        "",
        "",
      ].join("\r\n"),
    );
    // One byte at a time, each well within any idle limit: only the deadline of the whole request ends it.
    let sent = 0;
    const trickle = setInterval(() => {
      if (socket.writable && sent < body.length) socket.write(body[sent++] ?? "");
    }, TRICKLE_EVERY_MS);
    const answer = await new Promise<string>((resolve, reject) => {
      let text = "";
      socket.on("data", (chunk) => {
        text += chunk.toString("utf8");
      });
      socket.on("close", () => resolve(text));
      socket.on("error", reject);
    }).finally(() => clearInterval(trickle));

    expect(sent).toBeLessThan(body.length);
    const [head = "", payload = ""] = answer.split("\r\n\r\n");
    expect(head.split("\r\n")[0]).toBe("HTTP/1.1 408 Request Timeout");
    expect(head).toMatch(/^Content-Type: application\/json/im);
    expect(JSON.parse(payload)).toEqual({
      error: { code: "request_timeout", message: messages.requestTimeout },
    });
    expect(await test.store.thoughts.all()).toEqual([]);
  });
});
