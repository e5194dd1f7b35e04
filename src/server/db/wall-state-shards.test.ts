import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestStore, type TestStore, testDialects } from "../../../test-support/server/test-stores";

const postgres = testDialects().find(({ name }) => name === "postgres");

const SHARDS = 16;

describe.skipIf(!postgres?.available)("PostgreSQL's wall state in shards", () => {
  let test: TestStore;
  const clients: pg.Client[] = [];

  /** A connection of its own to the test schema, as another pooled client or another instance has. */
  async function connection(): Promise<pg.Client & { shard: number }> {
    const client = new pg.Client({ connectionString: test.databaseUrl });
    await client.connect();
    clients.push(client);
    const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    return Object.assign(client, { shard: (rows[0]?.pid ?? 0) % SHARDS });
  }

  /** Two connections whose backends write to different shards. */
  async function twoShards() {
    const first = await connection();
    for (;;) {
      const second = await connection();
      if (second.shard !== first.shard) return [first, second] as const;
    }
  }

  const insert = (client: pg.Client, favorite: boolean) =>
    client.query(
      "INSERT INTO thoughts (conteudo, autoria, modelo, favorito, busca) VALUES ('Um pensamento', 'Alguém', 'modelo1', $1, 'um pensamento')",
      [favorite],
    );

  beforeAll(async () => {
    test = await openTestStore("postgres");
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end()));
    await test?.cleanup();
  });

  it("lets writes through different backends commit without waiting for each other", async () => {
    const [first, second] = await twoShards();
    await first.query("BEGIN");
    await insert(first, true);
    // With one row for the whole wall, this write would wait for the first one's commit and time out.
    await second.query("SET lock_timeout = '1s'");
    await insert(second, false);
    await first.query("COMMIT");
    expect(await test.store.thoughts.state()).toMatchObject({ total: 2, favorites: 1 });
  });

  it("keeps the sums exact and the version moving by one a write, whichever backend wrote", async () => {
    const [first, second] = await twoShards();
    const before = await test.store.thoughts.state();
    await insert(first, true);
    await insert(second, true);
    await second.query("UPDATE thoughts SET favorito = false WHERE id = (SELECT max(id) FROM thoughts)");
    await first.query("DELETE FROM thoughts WHERE id = (SELECT min(id) FROM thoughts)");
    const after = await test.store.thoughts.state();
    const { rows } = await first.query<{ total: string; favorites: string }>(
      "SELECT count(*) AS total, count(*) FILTER (WHERE favorito) AS favorites FROM thoughts",
    );
    expect(after).toEqual({
      version: before.version + 4,
      total: Number(rows[0]?.total),
      favorites: Number(rows[0]?.favorites),
    });
    const shards = await first.query("SELECT shard FROM wall_state_shards");
    expect(shards.rowCount).toBeGreaterThan(1);
  });
});
