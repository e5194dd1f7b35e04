import type pg from "pg";
import { describe, expect, it } from "vitest";
import { discardingBrokenClients, namingStatements } from "./postgres-pool";

/** A stand-in for pg's pool: each connect hands out the next client, whose queries answer as told. */
function fakePool(...clients: ((sql: string) => unknown)[]) {
  const released: (Error | undefined)[] = [];
  let handed = 0;
  const pool = {
    async connect() {
      const answer = clients[handed++];
      if (!answer) throw new Error("no client left");
      return {
        query: async (query: string | { text: string }) => {
          const result = answer(typeof query === "string" ? query : query.text);
          if (result instanceof Error) throw result;
          return { rows: [result] };
        },
        release: (error?: Error) => released.push(error),
      };
    },
    end: async () => {},
  };
  return { pool: pool as unknown as pg.Pool, released, handed: () => handed };
}

const ended = () => new Error("Connection terminated unexpectedly");
const ok = (sql: string) => ({ sql });

describe("a connection the server ended while it was idle in the pool", () => {
  it("costs a read nothing: its first statement runs again, once, on a new connection", async () => {
    const fake = fakePool(ended, ok);
    const connection = await discardingBrokenClients(fake.pool).connect();
    const result = await connection.query<{ sql: string }>("select 1", []);
    expect(result.rows).toEqual([{ sql: "select 1" }]);
    expect(fake.handed()).toBe(2);
    expect(fake.released[0]?.message).toBe("Connection terminated unexpectedly");
    connection.release();
    expect(fake.released).toHaveLength(2);
    expect(fake.released[1]).toBeUndefined();
  });

  it("starts a transaction on a new connection", async () => {
    const fake = fakePool(ended, ok);
    const connection = await discardingBrokenClients(fake.pool).connect();
    expect((await connection.query<{ sql: string }>("begin", [])).rows).toEqual([{ sql: "begin" }]);
  });

  it("never repeats a write, which might have run", async () => {
    const fake = fakePool(ended, ok);
    const connection = await discardingBrokenClients(fake.pool).connect();
    await expect(connection.query("insert into thoughts default values", [])).rejects.toThrow(
      "Connection terminated unexpectedly",
    );
    expect(fake.handed()).toBe(1);
  });

  it("never repeats a statement that timed out, nor one after the first", async () => {
    const timedOut = Object.assign(new Error("canceling statement due to statement timeout"), {
      code: "57014",
    });
    const slow = fakePool(() => timedOut, ok);
    await expect((await discardingBrokenClients(slow.pool).connect()).query("select 1", [])).rejects.toThrow(
      "statement timeout",
    );
    expect(slow.handed()).toBe(1);

    let calls = 0;
    const later = fakePool(() => (++calls === 1 ? { fine: true } : ended()), ok);
    const connection = await discardingBrokenClients(later.pool).connect();
    await connection.query("select 1", []);
    await expect(connection.query("select 2", [])).rejects.toThrow("Connection terminated unexpectedly");
    expect(later.handed()).toBe(1);
  });
});

describe("the statements a connection keeps prepared", () => {
  it("names each data statement once, by its text", () => {
    const named = namingStatements();
    const page = 'select "id" from "thoughts" order by "id" desc limit $1';
    const first = named(page);
    expect(first).toMatch(/^memoteca_\d+$/);
    expect(named(page)).toBe(first);
    expect(named('insert into "thoughts" ("conteudo") values ($1)')).not.toBe(first);
  });

  it("leaves a match by pattern unnamed, so each run is planned with its words", () => {
    const named = namingStatements();
    expect(
      named('select "id" from "thoughts" where ("busca" like $1 and "busca" like $2) limit $3'),
    ).toBeUndefined();
    expect(named('select "id" from "thoughts" where strpos("autoria_chave", $1) > 0')).toBeUndefined();
    expect(named("begin")).toBeUndefined();
  });
});
