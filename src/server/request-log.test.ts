import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestStore, type TestStore } from "../../test-support/server/test-stores";
import { makeWebRoot, type WebRoot } from "../../test-support/server/web-root";
import { apiPaths } from "../domain/contract";
import { buildApp } from "./app";

describe("the request log at the default level", () => {
  let test: TestStore;
  let web: WebRoot;

  beforeAll(async () => {
    test = await openTestStore("sqlite");
    web = makeWebRoot();
  });
  afterAll(async () => {
    await test?.cleanup();
    web?.remove();
  });

  it("keeps the path of each request, never its query string (the search text)", async () => {
    let log = "";
    const stream = new Writable({
      write(chunk, _encoding, done) {
        log += String(chunk);
        done();
      },
    });
    const app = await buildApp({ store: test.store, webRoot: web.path, logger: { level: "info", stream } });
    try {
      await app.inject({
        method: "GET",
        url: `${apiPaths.thoughts}?q=${encodeURIComponent("meu amor secreto")}`,
      });
      await app.inject({ method: "GET", url: "/listarPensamento?q=amorsecreto&favoritos=true" });
      await app.inject({ method: "GET", url: `${apiPaths.thoughts}?q=seg%72edo&_page=abc` });
    } finally {
      await app.close();
    }
    const lines = log
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    const urls = lines.flatMap((line) => (line.req ? [line.req.url] : []));
    expect(urls).toEqual([apiPaths.thoughts, "/listarPensamento", apiPaths.thoughts]);
    expect(lines.some((line) => line.res?.statusCode === 400)).toBe(true);
    for (const secret of ["secreto", "amorsecreto", "segredo", "seg%72edo", "q="])
      expect(log).not.toContain(secret);
  });
});
