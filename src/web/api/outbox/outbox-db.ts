import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import { OUTBOX_DB, type OutboxEntry, type OutboxStorage } from "./outbox-entry";

const STORE = "entries";

interface OutboxDb extends DBSchema {
  [STORE]: { key: number; value: OutboxEntry };
}

/**
 * The outbox in IndexedDB: one object store keyed by an auto-incremented `seq`, so reading it back gives
 * the entries in the order they were made. Each call is one transaction: an entry is either stored whole or
 * not at all.
 */
export function indexedDbStorage(name = OUTBOX_DB): OutboxStorage {
  let opened: Promise<IDBPDatabase<OutboxDb>> | undefined;
  const db = () => {
    opened ??= openDB<OutboxDb>(name, 1, {
      upgrade(database) {
        database.createObjectStore(STORE, { keyPath: "seq", autoIncrement: true });
      },
    });
    return opened;
  };
  return {
    all: async () => (await db()).getAll(STORE),
    add: async (entry) => {
      const { seq: _none, ...fresh } = entry;
      const seq = await (await db()).add(STORE, fresh as OutboxEntry);
      return { ...fresh, seq };
    },
    put: async (entry) => {
      await (await db()).put(STORE, entry);
    },
    remove: async (seq) => {
      await (await db()).delete(STORE, seq);
    },
  };
}

/** The same in memory, for tests and for a browser without IndexedDB (the entries then last as long as the tab). */
export function memoryStorage(): OutboxStorage {
  const rows = new Map<number, OutboxEntry>();
  let next = 1;
  const copy = <T>(value: T): T => structuredClone(value);
  return {
    all: async () => [...rows.values()].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0)).map(copy),
    add: async (entry) => {
      const stored = { ...copy(entry), seq: next++ };
      rows.set(stored.seq, stored);
      return copy(stored);
    },
    put: async (entry) => {
      if (entry.seq !== undefined) rows.set(entry.seq, copy(entry));
    },
    remove: async (seq) => {
      rows.delete(seq);
    },
  };
}
