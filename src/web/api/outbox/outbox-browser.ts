import type { QueryClient } from "@tanstack/react-query";
import {
  CSRF_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  IF_MATCH_HEADER,
  type Thought,
  versionTag,
} from "../../../domain/contract";
import { xsrfToken } from "../client";
import { thoughtKeys } from "../thoughts";
import { trashKeys } from "../trash";
import { createOutbox, entryPath, type Outbox, type SendAnswer } from "./outbox";
import { indexedDbStorage, memoryStorage } from "./outbox-db";
import type { OutboxEntry } from "./outbox-entry";
import { type SentWrite, withOutbox } from "./outbox-overlay";
import { entriesNow, outboxView } from "./outbox-state";

/** The Web Lock held while sending: two tabs never send the same entry at once. */
const LOCK = "memoteca-outbox";
/** Where the tabs tell each other the outbox changed. */
const CHANNEL = "memoteca-outbox";

/** One try of one entry, as the user's own request would have gone, with its key and version. */
export async function sendEntry(entry: OutboxEntry): Promise<SendAnswer> {
  const headers = new Headers({ Accept: "application/json", [IDEMPOTENCY_KEY_HEADER]: entry.key });
  if (entry.body !== undefined) headers.set("Content-Type", "application/json");
  if (entry.ifMatch !== undefined) headers.set(IF_MATCH_HEADER, versionTag(entry.ifMatch));
  const token = await xsrfToken();
  if (token) headers.set(CSRF_HEADER, token);
  const response = await fetch(entryPath(entry), {
    method: entry.method,
    headers,
    ...(entry.body !== undefined ? { body: JSON.stringify(entry.body) } : {}),
    credentials: "same-origin",
    cache: "no-store",
  });
  // A body cut off by the connection throws here too: no answer, tried again with the same key.
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: response.status, body };
}

let client: QueryClient | undefined;
let instance: Outbox | undefined;
let refresh: ReturnType<typeof setTimeout> | undefined;
/** The writes sent (here or in another tab) that the lists do not show yet: drawn over them until they do. */
let settling: readonly SentWrite[] = [];

/** The entries as the screens read them, with the writes sent meanwhile and the way to draw both over a list. */
const show = (entries: readonly OutboxEntry[]) =>
  outboxView.set({ entries, sent: settling, overlay: withOutbox });

/**
 * Whether every list on screen has been read without failing since `since` (ms): then it shows what was sent
 * before. Lists off screen are read again when next shown.
 */
function listsReadSince(queryClient: QueryClient, since: number): boolean {
  return queryClient
    .getQueryCache()
    .findAll({ queryKey: thoughtKeys.lists(), type: "active" })
    .every(
      ({ state }) => state.data === undefined || (state.status !== "error" && state.dataUpdatedAt >= since),
    );
}

/**
 * Once the writes stop arriving, the lists are read again (once, not once per write); the writes sent before
 * are let go once every list has its new answer. A list that could not be read (the connection gone again)
 * keeps them drawn, until the next reading: when the connection comes back, or after the next write.
 */
function refreshSoon(deleted: boolean) {
  const queryClient = client;
  if (!queryClient) return;
  clearTimeout(refresh);
  refresh = setTimeout(async () => {
    const read = settling;
    const since = Date.now();
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: thoughtKeys.all, refetchType: "all" }),
      deleted ? queryClient.invalidateQueries({ queryKey: trashKeys.all }) : undefined,
    ]);
    if (read.length === 0 || !listsReadSince(queryClient, since)) return;
    settling = settling.filter((write) => !read.includes(write));
    show(entriesNow());
  }, 150);
}

/** Writes the server has taken, here or in another tab: drawn over the lists until they are read again. */
function settle(writes: readonly SentWrite[]) {
  settling = [...settling, ...writes];
  show(entriesNow());
}

/** What the sending tab tells the others of a write it sent, so that they draw it too until they read it back. */
interface SentMessage {
  sent: SentWrite;
}
const isSentMessage = (data: unknown): data is SentMessage =>
  typeof data === "object" && data !== null && "sent" in data;

let channel: BroadcastChannel | undefined;

function sent(entry: OutboxEntry, thought: Thought | undefined) {
  if (thought) client?.setQueryData(thoughtKeys.detail(thought.id), thought);
  if (entry.kind === "delete") client?.removeQueries({ queryKey: thoughtKeys.detail(entry.thoughtId) });
  const write: SentWrite = {
    key: entry.key,
    kind: entry.kind,
    thoughtId: thought?.id ?? entry.thoughtId,
    ...(thought ? { thought } : {}),
    ...(entry.kind === "delete" && entry.ifMatch !== undefined ? { deleted: entry.ifMatch } : {}),
  };
  settle([write]);
  channel?.postMessage({ sent: write } satisfies SentMessage);
  refreshSoon(entry.kind === "delete");
}

/** The tab's outbox: IndexedDB, sent under a Web Lock, its changes told to the other tabs. */
export function outbox(): Outbox {
  if (instance) return instance;
  channel = typeof BroadcastChannel === "undefined" ? undefined : new BroadcastChannel(CHANNEL);
  const { locks } = navigator;
  const box = createOutbox({
    storage: typeof indexedDB === "undefined" ? memoryStorage() : indexedDbStorage(),
    send: sendEntry,
    ...(locks
      ? {
          exclusive: async (work: () => Promise<void>) => {
            await locks.request(LOCK, async () => {
              await work();
            });
          },
        }
      : {}),
    online: () => navigator.onLine,
    onChange: (entries) => {
      const before = outboxView.get()?.entries.length ?? 0;
      show(entries);
      channel?.postMessage(entries.length);
      if (entries.length < before) refreshSoon(false);
    },
    onSent: sent,
  });
  channel?.addEventListener("message", (event: MessageEvent<unknown>) => {
    // Posted before the count that follows it (the sending tab lets the entry go after telling its answer).
    if (isSentMessage(event.data)) return settle([event.data.sent]);
    void box.entries().then((entries) => {
      const before = outboxView.get()?.entries.length ?? 0;
      show(entries);
      // Another tab sent some: the lists here show them once read again.
      if (entries.length < before) refreshSoon(true);
    });
  });
  instance = box;
  return box;
}

/** Shows what waits and sends it; again whenever the connection comes back or the tab is shown. */
export function startOutbox(queryClient: QueryClient): void {
  if (client) return;
  client = queryClient;
  const box = outbox();
  void box.entries().then((entries) => {
    if (outboxView.get() === undefined) show(entries);
    void box.drain();
  });
  window.addEventListener("online", () => {
    void box.drain();
    // Sent writes whose lists could not be read (the connection went again): read them now.
    if (settling.length > 0) refreshSoon(false);
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") void box.drain();
  });
}
