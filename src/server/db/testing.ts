import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from "kysely";
import type { Thought } from "../../domain/contract";
import type { ThoughtImport } from "../../domain/thought";
import { postgresThoughts } from "./postgres/thoughts.postgres";
import { sqliteThoughts } from "./sqlite/thoughts.sqlite";
import type { Store } from "./store";
import { insertAll } from "./thoughts/insert-chunks";
import { createLabelsRepository, type LabelsRepository } from "./thoughts/labels.repository";
import { createThoughtsRepository, type ThoughtsRepository } from "./thoughts/thoughts.repository";

/**
 * What tests, benchmarks and the seed script do to a store and the app never does. Not on the package's
 * face (index.ts): the server cannot reach it.
 */

export { DatabaseSync } from "./sqlite/node-sqlite";

const dialectOf = (store: Store) => (store.dialect === "sqlite" ? sqliteThoughts : postgresThoughts);

/** Many thoughts in one transaction, through the bulk insert an import uses (ids follow the list's order). */
export function insertMany(store: Store, inputs: Iterable<ThoughtImport>): Promise<void> {
  return store.db
    .transaction()
    .execute(async (trx) => insertAll(await dialectOf(store).bulkInserts(trx), inputs));
}

/** Every thought, oldest first, in one array. */
export async function allThoughts(store: Store): Promise<Thought[]> {
  const thoughts: Thought[] = [];
  for await (const thought of store.thoughts.every()) thoughts.push(thought);
  return thoughts;
}

/**
 * A thoughts repository over the store's connection that remembers no search total yet: what the first
 * search after a write costs (the benchmarks' cold path).
 */
export const freshThoughts = (store: Store): ThoughtsRepository =>
  createThoughtsRepository(store.db, dialectOf(store));

/** A store whose thoughts also take the test-only `insertMany` and `all`. */
export type TestingStore = Store & {
  thoughts: ThoughtsRepository & {
    insertMany(inputs: Iterable<ThoughtImport>): Promise<void>;
    all(): Promise<Thought[]>;
  };
};

/** The store with the test-only methods on its thoughts; the app's own calls go through unchanged. */
export function withTesting(store: Store): TestingStore {
  const thoughts = {
    ...store.thoughts,
    insertMany: (inputs: Iterable<ThoughtImport>) => insertMany(store, inputs),
    all: () => allThoughts(store),
  };
  return { ...store, thoughts };
}

/**
 * Fails the first `times` UPDATE statements with PostgreSQL's "deadlock detected" (40P01), as a writer that
 * crossed another one would see it; every statement after goes through.
 */
class DeadlockedUpdates implements KyselyPlugin {
  #left: number;

  constructor(times: number) {
    this.#left = times;
  }

  transformQuery({ node }: PluginTransformQueryArgs) {
    if (node.kind === "UpdateQueryNode" && this.#left > 0) {
      this.#left -= 1;
      throw Object.assign(new Error("deadlock detected"), { code: "40P01" });
    }
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs) {
    return result;
  }
}

/** The store's labels, over its connection, whose first `times` UPDATEs die in a deadlock. */
export function deadlockingLabels(store: Store, times: number): LabelsRepository {
  return createLabelsRepository(store.db.withPlugin(new DeadlockedUpdates(times)), dialectOf(store));
}
