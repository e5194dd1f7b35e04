import type { QueryClient } from "@tanstack/react-query";
import type { Thought } from "../../../domain/contract";
import { useValue, valueStore } from "../../routing/value-store";
import { ApiRequestError } from "../client";
import { OUTBOX_DB, type OutboxEntry } from "./outbox-entry";
import type { NewEntry } from "./outbox";

/**
 * The outbox as the screens see it, and the way in: the little the wall's first visit carries. The outbox
 * itself (IndexedDB, the sending, the Web Lock) is a chunk of its own, loaded once the page has painted
 * (startOutboxAfterPaint) or when a write first needs it (keepForLater).
 */

/** The entries waiting on this device, in order; undefined until the outbox has been read. */
export const outboxView = valueStore<readonly OutboxEntry[]>();

export function useOutboxEntries(): readonly OutboxEntry[] {
  return useValue(outboxView) ?? none;
}
const none: readonly OutboxEntry[] = [];

let appClient: QueryClient | undefined;

/** The outbox's code, started once it has the app's query client (the lists it refreshes after sending). */
export const loadOutbox = () =>
  import("./outbox-browser").then((outbox) => {
    if (appClient) outbox.startOutbox(appClient);
    return outbox;
  });

/**
 * Reads the outbox and sends what waits, once the browser is idle after the first paint. A browser that
 * never kept a write (no outbox database: every first visit) loads none of its code until it needs to.
 */
export function startOutboxAfterPaint(client: QueryClient): void {
  if (typeof window === "undefined" || typeof indexedDB === "undefined") return;
  appClient = client;
  const start = () => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    idle(async () => {
      const databases = await indexedDB.databases?.().catch(() => undefined);
      if (databases && !databases.some((database) => database.name === OUTBOX_DB)) return;
      loadOutbox().catch(() => undefined);
    });
  };
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}

/**
 * A write that got no answer at all (no connection, or the server unreachable): kept in the outbox with
 * the key it went out with, to be sent again. A write the server answered, even with an error, is not.
 */
export function gotNoAnswer(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError && error.status === 0;
}

/** Keeps a write in the outbox (loading it first if need be); the original failure if it cannot. */
export async function keepForLater(entry: NewEntry, failure: unknown): Promise<OutboxEntry> {
  try {
    const { outbox } = await loadOutbox();
    const kept = await outbox().enqueue(entry);
    void outbox().drain();
    return kept;
  } catch {
    throw failure;
  }
}

/** Whether a write to this thought must wait behind what the outbox already holds for it (sent in order). */
export function waitsInOutbox(thoughtId: number): boolean {
  return (outboxView.get() ?? none).some((entry) => entry.thoughtId === thoughtId);
}

/** The thought as the user last left it on this device, if a write of it waits. */
export function pendingThought(id: number): Thought | undefined {
  let found: Thought | undefined;
  for (const entry of outboxView.get() ?? none) {
    if (entry.thoughtId === id && entry.kind !== "delete" && entry.shown) found = entry.shown;
  }
  return found;
}

/** What a card says of its writes that wait: the latest, or the one the user must look at. */
export interface PendingMark {
  state: OutboxEntry["state"];
  kind: OutboxEntry["kind"];
  seq: number | undefined;
  message?: string;
  current?: Thought;
}

export interface ListWithOutbox {
  thoughts: Thought[];
  marks: Map<number, PendingMark>;
}

/**
 * A view's cards with the writes that wait drawn over them: each card as the user left it (its edit, its
 * favourite) and marked; the thoughts created offline first, on the whole wall in its own order only
 * (`withCreates`), where a new thought would appear.
 */
export function withOutbox(
  thoughts: Thought[],
  entries: readonly OutboxEntry[],
  withCreates: boolean,
): ListWithOutbox {
  const marks = new Map<number, PendingMark>();
  if (entries.length === 0) return { thoughts, marks };
  const shown = new Map<number, Thought>();
  const created: Thought[] = [];
  for (const entry of entries) {
    const before = marks.get(entry.thoughtId);
    // A refused or conflicting write is what the card must say, whatever waits behind it.
    if (!before || before.state === "waiting") {
      marks.set(entry.thoughtId, {
        state: entry.state,
        kind: entry.kind,
        seq: entry.seq,
        ...(entry.message ? { message: entry.message } : {}),
        ...(entry.current ? { current: entry.current } : {}),
      });
    }
    if (entry.kind === "create" && entry.shown) created.unshift(entry.shown);
    else if (entry.shown && entry.kind !== "delete") shown.set(entry.thoughtId, entry.shown);
  }
  const drawn = thoughts.map((thought) => shown.get(thought.id) ?? thought);
  if (!withCreates) return { thoughts: drawn, marks };
  const ids = new Set(drawn.map((thought) => thought.id));
  const fresh = created.map((thought) => shown.get(thought.id) ?? thought).filter((t) => !ids.has(t.id));
  return { thoughts: [...fresh, ...drawn], marks };
}
