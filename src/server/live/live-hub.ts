import { liveEvents, type Thought } from "../../domain/contract";
import type { ChangeNotice, LoggedChange, Store } from "../db";

/** One event of the stream, written as the SSE wire wants it (`id`, `event`, `data`, a blank line). */
export interface LiveEvent {
  seq: number;
  text: string;
}

/** A stream's end of the hub: it gets each event in order, once. */
export interface LiveListener {
  deliver(event: LiveEvent): void;
}

/** How many rows the hub (or a replay) reads at once. */
const READ_BATCH = 500;

/** An event's text: its id (the change log's seq), its name and its JSON data. */
export function eventText(seq: number, name: string, data: unknown): string {
  return `id: ${seq}\nevent: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * A change-log row as an event: a thought's change with the thought as it is now, a removal with its id, many
 * at once as 'mural'. A thought changed and then removed before the row is read has no event of its own (its
 * removal, a later row, says it all); undefined then.
 */
export function toEvent(change: LoggedChange): LiveEvent | undefined {
  if (change.kind === "pensamento") {
    if (!change.thought) return undefined;
    const data: { pensamento: Thought } = { pensamento: change.thought };
    return { seq: change.seq, text: eventText(change.seq, liveEvents.thought, data) };
  }
  if (change.kind === "removido") {
    return { seq: change.seq, text: eventText(change.seq, liveEvents.removed, { id: change.thoughtId }) };
  }
  return { seq: change.seq, text: eventText(change.seq, liveEvents.wall, {}) };
}

/**
 * The instance's one reader of the change log, shared by all its open streams: it reads each new row once
 * and hands its event to every stream. It learns of commits from the store (PostgreSQL: LISTEN/NOTIFY on a
 * client off the pool, every instance hearing every commit) and by reading the log's head every `pollMs`
 * (SQLite: ~100 ms, on the reader connection, the processes sharing only the file; PostgreSQL: a backstop).
 * It runs only while a stream is open. Rows are read in seq order after the last one delivered; since the
 * log's numbers are given in commit order (change-log.ts), a row read later never has a smaller seq, so no
 * stream misses one.
 */
export class LiveHub {
  readonly #store: Store;
  readonly #listeners = new Set<LiveListener>();
  #head = 0;
  #started: Promise<void> | undefined;
  #watch: { close(): Promise<void> } | undefined;
  #poll: NodeJS.Timeout | undefined;
  #pulling: Promise<void> | undefined;
  #again = false;
  #closed = false;

  constructor(store: Store) {
    this.#store = store;
  }

  /** The last seq the hub delivered: a stream that starts now is live from here. */
  get head(): number {
    return this.#head;
  }

  get listeners(): number {
    return this.#listeners.size;
  }

  /** Starts reading the log (once), from its head as it is now. */
  start(): Promise<void> {
    this.#started ??= (async () => {
      try {
        this.#head = (await this.#store.changes.bounds()).head;
      } catch (error) {
        this.#started = undefined;
        throw error;
      }
      this.#watch = this.#store.changes.watch((notice) => this.wake(notice));
      this.#poll = setInterval(() => this.#checkHead(), this.#store.changes.pollMs);
      this.#poll.unref();
    })();
    return this.#started;
  }

  add(listener: LiveListener): void {
    this.#listeners.add(listener);
  }

  remove(listener: LiveListener): void {
    this.#listeners.delete(listener);
  }

  /** A cheap look at the log's head (one indexed max); a read of the new rows only when it moved. */
  async #checkHead(): Promise<void> {
    if (this.#pulling || this.#listeners.size === 0) return;
    try {
      const { head } = await this.#store.changes.bounds();
      if (head > this.#head) this.wake();
    } catch {
      // The database is away for a moment: the next tick looks again.
    }
  }

  /**
   * Reads and delivers every row after the head; a wake during a read reads again after it. A notice that
   * carries the very next row's thought (a create, change-log.ts) is delivered as it is, without a read:
   * each instance spares the database a query per create. Any other (a gap in the numbers, a read under
   * way, a notice of a seq alone) reads the log, so nothing is skipped or sent out of order.
   */
  wake(notice?: ChangeNotice): void {
    if (this.#closed) return;
    if (!this.#pulling && notice?.thought && notice.seq === this.#head + 1) {
      this.#head = notice.seq;
      const event = toEvent({
        seq: notice.seq,
        kind: "pensamento",
        thoughtId: notice.thought.id,
        thought: notice.thought,
      });
      if (event) for (const listener of this.#listeners) listener.deliver(event);
      return;
    }
    if (this.#pulling) {
      this.#again = true;
      return;
    }
    this.#pulling = (async () => {
      try {
        do {
          this.#again = false;
          await this.#pull();
        } while (this.#again && !this.#closed);
      } catch {
        // Read again at the next wake or tick, from the same head: nothing is skipped.
      } finally {
        this.#pulling = undefined;
      }
    })();
  }

  async #pull(): Promise<void> {
    for (;;) {
      const rows = await this.#store.changes.after(this.#head, READ_BATCH);
      for (const row of rows) {
        const event = toEvent(row);
        this.#head = row.seq;
        if (!event) continue;
        for (const listener of this.#listeners) listener.deliver(event);
      }
      if (rows.length < READ_BATCH) return;
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#poll);
    this.#listeners.clear();
    await this.#pulling;
    await this.#watch?.close();
  }
}
