import type { Thought } from "../../../domain/contract";

/** The outbox's IndexedDB database: its presence says this browser has kept a write once. */
export const OUTBOX_DB = "memoteca-outbox";

/**
 * A write made without a connection, waiting on this device (IndexedDB) to be sent. Plain data: it
 * survives reloads and closed tabs, and any open tab of the app sends it.
 */
export interface OutboxEntry {
  /** The order of sending: IndexedDB's auto-increment key, given when the entry is first stored. */
  seq?: number;
  /** The Idempotency-Key, made once with the entry and sent on every try: a retry never writes twice. */
  key: string;
  kind: OutboxKind;
  method: "POST" | "PUT" | "PATCH" | "DELETE";
  /** The thought it writes; below zero for a thought created offline and not sent yet (its stand-in id). */
  thoughtId: number;
  /** The JSON body as sent (a create's or edit's fields, a favourite's flag). */
  body?: unknown;
  /** The version the user edited, sent as If-Match; none when the thought carried none. */
  ifMatch?: number;
  /** The thought as the user left it, drawn on the wall while the entry waits. */
  shown?: Thought;
  /** When it was made (ms since the epoch). */
  at: number;
  /** How many times it went out: once above zero, its body is never changed (the key is bound to it). */
  tries: number;
  state: OutboxState;
  /** The server's message for a refused entry (400/422), or why a conflict stopped it. */
  message?: string;
  /** On a 412: the thought as the server has it now (its `atual`), for the conflict's choice. */
  current?: Thought;
}

export type OutboxKind = "create" | "edit" | "favorite" | "delete";
/** waiting: to be sent; refused: the server said no (validation) and it waits for an edit or a discard; conflict: 412. */
export type OutboxState = "waiting" | "refused" | "conflict";

/** Where the entries are kept: IndexedDB in the browser (outbox-db.ts); the order is `seq`'s. */
export interface OutboxStorage {
  /** Every entry, in the order they were made. */
  all(): Promise<OutboxEntry[]>;
  /** Stores a new entry and gives it its `seq`. */
  add(entry: OutboxEntry): Promise<OutboxEntry & { seq: number }>;
  /** Writes an entry already stored (same `seq`). */
  put(entry: OutboxEntry): Promise<void>;
  remove(seq: number): Promise<void>;
}
