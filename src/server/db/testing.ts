import type { Thought } from "../../domain/contract";
import type { ThoughtInput } from "../../domain/thought";
import { postgresThoughts } from "./postgres/thoughts.postgres";
import { sqliteThoughts } from "./sqlite/thoughts.sqlite";
import type { Store } from "./store";
import { insertAll } from "./thoughts/insert-chunks";
import { createThoughtsRepository, type ThoughtsRepository } from "./thoughts/thoughts.repository";

/**
 * What tests, benchmarks and the seed script do to a store and the app never does. Not on the package's
 * face (index.ts): the server cannot reach it.
 */

export { DatabaseSync } from "./sqlite/node-sqlite";

const dialectOf = (store: Store) => (store.dialect === "sqlite" ? sqliteThoughts : postgresThoughts);

/** Many thoughts in one transaction, through the bulk insert an import uses (ids follow the list's order). */
export function insertMany(store: Store, inputs: Iterable<ThoughtInput>): Promise<void> {
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
    insertMany(inputs: Iterable<ThoughtInput>): Promise<void>;
    all(): Promise<Thought[]>;
  };
};

/** The store with the test-only methods on its thoughts; the app's own calls go through unchanged. */
export function withTesting(store: Store): TestingStore {
  const thoughts = {
    ...store.thoughts,
    insertMany: (inputs: Iterable<ThoughtInput>) => insertMany(store, inputs),
    all: () => allThoughts(store),
  };
  return { ...store, thoughts };
}
