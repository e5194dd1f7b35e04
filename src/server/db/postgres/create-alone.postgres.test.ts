import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestStore, type TestStore, testDialects } from "../../../../test-support/server/test-stores";
import { thoughtInput } from "../../../../test-support/thought-factory";
import { CONTENT_MAX } from "../../../domain/rules";
import { CHANGE_LOG_LOCK_KEY, type ChangeNotice } from "../changes/change-log";

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

  /** Waits for `ok`, looking every few milliseconds, and fails after WAIT_GIVE_UP_MS. */
  async function until(ok: () => boolean, what: string): Promise<void> {
    const deadline = Date.now() + WAIT_GIVE_UP_MS;
    while (!ok()) {
      if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

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

  it("tells the other instances the thought itself, or its number alone when the notice cannot hold it", async () => {
    const { store } = test;
    const notices: ChangeNotice[] = [];
    let listening = false;
    const watch = store.changes.watch((notice) => {
      // The first call says the LISTEN is in place (with nothing); the others are notices.
      if (notice) notices.push(notice);
      else listening = true;
    });
    try {
      await until(() => listening, "the LISTEN in place");
      const short = await store.thoughts.create(
        thoughtInput({ conteudo: "Cabe no aviso", nota: "e a nota" }),
      );
      const long = await store.thoughts.create(thoughtInput({ conteudo: "ç".repeat(CONTENT_MAX) }));
      const labelled = await store.thoughts.create(thoughtInput({ etiquetas: ["numa transação"] }));
      await until(() => notices.length >= 3, "three notices");
      const logged = await store.changes.after(0, 10_000);
      const seqOf = (id: number) => logged.find((row) => row.thoughtId === id)?.seq;
      expect(notices).toEqual([
        { seq: seqOf(short.id), thought: short },
        { seq: seqOf(long.id) },
        { seq: seqOf(labelled.id) },
      ]);
    } finally {
      await watch.close();
    }
  });

  it("tells only the instances of its own schema: another wall in the same database hears none of it", async () => {
    const neighbour = await openTestStore("postgres");
    const heard: { mine: ChangeNotice[]; theirs: ChangeNotice[] } = { mine: [], theirs: [] };
    const ready = { mine: false, theirs: false };
    const watches = (["mine", "theirs"] as const).map((whose) =>
      (whose === "mine" ? test.store : neighbour.store).changes.watch((notice) => {
        if (notice) heard[whose].push(notice);
        else ready[whose] = true;
      }),
    );
    try {
      await until(() => ready.mine && ready.theirs, "both LISTENs in place");
      const alone = await test.store.thoughts.create(thoughtInput({ conteudo: "Só deste mural" }));
      await test.store.thoughts.create(thoughtInput({ etiquetas: ["numa transação"] }));
      await until(() => heard.mine.length >= 2, "this wall's two notices");
      // A listener gets the database's notices in commit order: once the neighbour has heard its own
      // create, made after these two, it would have heard theirs before, had they been sent to it.
      const own = await neighbour.store.thoughts.create(thoughtInput({ conteudo: "Do vizinho" }));
      await until(() => heard.theirs.length >= 1, "the neighbour's own notice");
      expect(heard.mine[0]?.thought).toEqual(alone);
      expect(heard.theirs.map((notice) => notice.thought)).toEqual([own]);
    } finally {
      await Promise.all(watches.map((watch) => watch.close()));
      await neighbour.cleanup();
    }
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
    expect((await store.thoughts.state()).total).toBe(8);
  });
});
