import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestStore, type TestStore, testDialects } from "../../../../test-support/server/test-stores";
import { thoughtInput } from "../../../../test-support/thought-factory";
import { CHANGE_LOG_LOCK_KEY } from "../changes/change-log";

const postgres = testDialects().find((dialect) => dialect.name === "postgres");

/** How long the test lets a lock wait last before it calls the wait a failure (PostgreSQL's own check: 1 s). */
const WAIT_GIVE_UP_MS = 10_000;

describe.skipIf(!postgres?.available)("a create in one statement on PostgreSQL", () => {
  let test: TestStore;
  let other: pg.Client;

  beforeAll(async () => {
    test = await openTestStore("postgres");
    other = new pg.Client({ connectionString: test.databaseUrl });
    await other.connect();
  });
  afterAll(async () => {
    await other?.end();
    await test?.cleanup();
  });

  /** Whether some other backend of this database waits for a lock right now. */
  async function someoneWaits(): Promise<boolean> {
    const { rows } = await other.query(
      `SELECT count(*)::int AS waiting FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
    );
    return rows[0].waiting > 0;
  }

  it("logs the thought and tells the other instances, as a create in a transaction does", async () => {
    const { store } = test;
    const head = (await store.changes.bounds()).head;
    const thought = await store.thoughts.create(thoughtInput({ conteudo: "Numa frase só" }));
    expect(await store.thoughts.get(thought.id)).toEqual(thought);
    const logged = await store.changes.after(head, 10);
    expect(logged.map(({ kind, thoughtId }) => ({ kind, thoughtId }))).toEqual([
      { kind: "pensamento", thoughtId: thought.id },
    ]);
    expect((await store.thoughts.state()).total).toBe(1);
  });

  it("takes its locks in every writer's order: no deadlock with a write waiting to log its change", async () => {
    const { store } = test;
    const mine = await store.thoughts.create(thoughtInput({ conteudo: "Já estava" }));
    // Another writer, as every write runs: its change to a thought (the trigger locks wall_state's row),
    // and only then the change log's lock, just before its commit.
    await other.query("BEGIN");
    await other.query("UPDATE thoughts SET favorito = TRUE WHERE id = $1", [mine.id]);
    const creating = store.thoughts.create(thoughtInput({ conteudo: "Criado enquanto o outro escrevia" }));
    const failure = creating.then(
      () => undefined,
      (error: unknown) => error,
    );
    // The create must wait (for the row the other writer holds) before the other asks for the log's lock.
    const deadline = Date.now() + WAIT_GIVE_UP_MS;
    while (!(await someoneWaits())) {
      if (Date.now() > deadline) throw new Error("the create never waited for the other writer");
      if ((await Promise.race([failure, Promise.resolve("running")])) !== "running") break;
    }
    // Were the create holding the log's lock while it waited for the row, this would deadlock, and
    // PostgreSQL would abort one of the two (40P01).
    await other.query("SELECT pg_advisory_xact_lock($1)", [CHANGE_LOG_LOCK_KEY]);
    await other.query("COMMIT");
    expect(await failure).toBeUndefined();
    const created = await creating;
    expect(await store.thoughts.get(created.id)).toEqual(created);
    expect((await store.thoughts.state()).total).toBe(3);
  });
});
