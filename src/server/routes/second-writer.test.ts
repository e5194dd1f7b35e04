import { DatabaseSync } from "node:sqlite";
import { describe, expect, it, vi } from "vitest";
import { apiSuite } from "../../../test-support/server/api-suite";
import { thoughtInput } from "../../../test-support/thought-factory";
import { apiPaths } from "../../domain/contract";

/**
 * Another server (or `npm run seed`) on the same SQLite file holds its write lock: here a connection of the
 * test's own, which SQLite locks against exactly as it would another process's.
 */
describe("the server while another writer holds SQLite's write lock", () => {
  const suite = apiSuite("sqlite");

  it("answers its health check and the wall while a write waits, and writes once the lock is let go", async () => {
    const { api, test } = suite;
    await api.call({ method: "POST", url: apiPaths.thoughts, payload: thoughtInput({ conteudo: "Antes" }) });
    if (test.target.kind !== "sqlite") throw new Error("a SQLite suite");
    const other = new DatabaseSync(test.target.file);
    other.exec("BEGIN IMMEDIATE");
    const events: string[] = [];
    const create = vi.spyOn(test.store.thoughts, "create");
    try {
      const writing = api
        .call({ method: "POST", url: apiPaths.thoughts, payload: thoughtInput({ conteudo: "Depois" }) })
        .then((answer) => {
          events.push(`write ${answer.statusCode}`);
          return answer;
        });
      // Once the route asks for the write, its BEGIN IMMEDIATE meets the lock within the same turn. On
      // node:sqlite's busy timeout it held the event loop there 5 s, then answered 503.
      while (create.mock.calls.length === 0) await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
      const health = await api.app.inject({ method: "GET", url: apiPaths.health });
      events.push(`health ${health.statusCode}`);
      const wall = await api.call({ method: "GET", url: `${apiPaths.thoughts}?_page=1&_limit=20` });
      events.push(`wall ${wall.statusCode} ${wall.json<unknown[]>().length}`);
      other.exec("COMMIT");
      await writing;
    } finally {
      create.mockRestore();
      if (other.isTransaction) other.exec("ROLLBACK");
      other.close();
    }
    expect(events).toEqual(["health 200", "wall 200 1", "write 201"]);
  });
});
