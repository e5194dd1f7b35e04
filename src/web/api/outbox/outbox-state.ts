import type { QueryClient } from "@tanstack/react-query";
import { whenLoadedAndIdle } from "../../routing/idle";
import { useValue, valueStore } from "../../routing/value-store";
import { ApiRequestError } from "../client";
import type { NewEntry, Outbox } from "./outbox";
import { OUTBOX_DB, type OutboxEntry } from "./outbox-entry";
import type { SentWrite, withOutbox } from "./outbox-overlay";

/**
 * The outbox as the screens see it, and the way in: the little the wall's first visit carries. The outbox
 * itself (IndexedDB, the sending, the Web Lock) comes with the forms' chunk, loaded once the page has
 * painted if this browser ever kept a write (startOutboxAfterPaint), or when a write first needs it.
 */

/**
 * The entries waiting on this device, in order, with the way to draw them over a list (`withOutbox`, which
 * comes with the outbox's code: before that code has loaded nothing can be waiting); undefined until the
 * outbox has been read.
 */
export interface OutboxView {
  entries: readonly OutboxEntry[];
  /** The writes the server has taken whose lists have not been read again (`SentWrite`). */
  sent: readonly SentWrite[];
  overlay: typeof withOutbox;
}
export const outboxView = valueStore<OutboxView>();

export function useOutboxView(): OutboxView | undefined {
  return useValue(outboxView);
}
const none: readonly OutboxEntry[] = [];
export const entriesNow = () => outboxView.get()?.entries ?? none;

/** What the outbox's code offers, from the chunk the app loads it with (the forms' chunk). */
export interface OutboxModule {
  outbox(): Outbox;
  startOutbox(client: QueryClient): void;
}

let appClient: QueryClient | undefined;
let loader: (() => Promise<OutboxModule>) | undefined;

/**
 * Where the outbox's code comes from: the app hands the forms' chunk (one chunk for all the code loaded on
 * demand: a dynamic import of its own here split the wall's shared modules off its first-visit script).
 */
export function setOutboxLoader(load: () => Promise<OutboxModule>): void {
  loader = load;
}

/** The outbox's code, started once it has the app's query client (the lists it refreshes after sending). */
export async function loadOutbox(): Promise<OutboxModule> {
  if (!loader) throw new Error("outbox");
  const outbox = await loader();
  if (appClient) outbox.startOutbox(appClient);
  return outbox;
}

/**
 * Reads the outbox and sends what waits, once the browser is idle after the first paint. A browser that
 * never kept a write (no outbox database: every first visit) loads none of its code until it needs to.
 */
export function startOutboxAfterPaint(client: QueryClient, load: () => Promise<OutboxModule>): void {
  setOutboxLoader(load);
  if (typeof window === "undefined" || typeof indexedDB === "undefined") return;
  appClient = client;
  whenLoadedAndIdle(async () => {
    const databases = await indexedDB.databases?.().catch(() => undefined);
    if (databases && !databases.some((database) => database.name === OUTBOX_DB)) return;
    loadOutbox().catch(() => undefined);
  });
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
  return entriesNow().some((entry) => entry.thoughtId === thoughtId);
}
