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
import { withOutbox } from "./outbox-overlay";
import { outboxView } from "./outbox-state";

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

/** The entries as the screens read them, with the way to draw them over a list. */
const show = (entries: readonly OutboxEntry[]) => outboxView.set({ entries, overlay: withOutbox });

let client: QueryClient | undefined;
let instance: Outbox | undefined;
let refresh: ReturnType<typeof setTimeout> | undefined;

/** Once the writes stop arriving, the lists are read again (once, not once per write). */
function refreshSoon(deleted: boolean) {
  const queryClient = client;
  if (!queryClient) return;
  clearTimeout(refresh);
  refresh = setTimeout(() => {
    void queryClient.invalidateQueries({ queryKey: thoughtKeys.all, refetchType: "all" });
    if (deleted) void queryClient.invalidateQueries({ queryKey: trashKeys.all });
  }, 150);
}

function sent(entry: OutboxEntry, thought: Thought | undefined) {
  if (thought) client?.setQueryData(thoughtKeys.detail(thought.id), thought);
  if (entry.kind === "delete") client?.removeQueries({ queryKey: thoughtKeys.detail(entry.thoughtId) });
  refreshSoon(entry.kind === "delete");
}

/** The tab's outbox: IndexedDB, sent under a Web Lock, its changes told to the other tabs. */
export function outbox(): Outbox {
  if (instance) return instance;
  const channel = typeof BroadcastChannel === "undefined" ? undefined : new BroadcastChannel(CHANNEL);
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
  channel?.addEventListener("message", () => {
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
  window.addEventListener("online", () => void box.drain());
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") void box.drain();
  });
}
