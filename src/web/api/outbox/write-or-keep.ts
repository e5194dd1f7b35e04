import {
  apiPaths,
  IDEMPOTENCY_KEY_HEADER,
  IF_MATCH_HEADER,
  type Thought,
  versionTag,
} from "../../../domain/contract";
import { apiRequest } from "../client";
import type { NewEntry } from "./outbox";
import { entriesNow, gotNoAnswer, keepForLater, waitsInOutbox } from "./outbox-state";
import { newUuid } from "./uuid";

export interface WriteOutcome {
  /** The server's answer, or the thought as the user left it when the write waits in the outbox. */
  thought: Thought | undefined;
  /** True when the write waits on this device to be sent. */
  queued: boolean;
}

/** The version a thought carries (`versao`), sent as If-Match; none from a server that has no versions. */
export function versionOf(thought: Thought | undefined): number | undefined {
  const versao = (thought as { versao?: unknown } | undefined)?.versao;
  return typeof versao === "number" ? versao : undefined;
}

/**
 * The keys of writes that went out while the browser said it was online and got no answer: the server may
 * have written them. The user's retry of the same request (the same method, path and body) goes with the
 * same key, so the server answers it with what it did the first time instead of writing it twice.
 */
const unanswered = new Map<string, string>();

/**
 * A create, edit, favourite or delete: sent at once with an Idempotency-Key (and If-Match, the version the
 * user edited). Without a connection (the browser says it has none) it is kept in the outbox with that key,
 * to be sent when the connection is back. With one, a write that gets no answer fails as before (the form
 * keeps the text and offers 'Tentar de novo'), and its retry reuses its key. A write to a thought that
 * already has writes waiting goes behind them, so they reach the server in order. Any answer from the
 * server (a 400, a 412) is the caller's, as before.
 */
export async function writeOrKeep(write: Omit<NewEntry, "key" | "tries">): Promise<WriteOutcome> {
  const path = write.kind === "create" ? apiPaths.thoughts : apiPaths.thought(write.thoughtId);
  const request = JSON.stringify([write.method, path, write.body]);
  const earlier = unanswered.get(request);
  const key = earlier ?? newUuid();
  // A key that went out once may be on the server: its entry's body must never change (see the outbox).
  const tries = earlier ? 1 : 0;
  if (waitsInOutbox(write.thoughtId)) {
    unanswered.delete(request);
    const kept = await keepForLater({ ...write, key, tries }, new Error("outbox"));
    return { thought: kept.shown, queued: true };
  }
  const headers: Record<string, string> = { [IDEMPOTENCY_KEY_HEADER]: key };
  if (write.ifMatch !== undefined) headers[IF_MATCH_HEADER] = versionTag(write.ifMatch);
  try {
    const { data } = await apiRequest<Thought | undefined>(path, {
      method: write.method,
      headers,
      ...(write.body !== undefined ? { body: JSON.stringify(write.body) } : {}),
    });
    unanswered.delete(request);
    return { thought: data, queued: false };
  } catch (error) {
    if (!gotNoAnswer(error)) {
      unanswered.delete(request);
      throw error;
    }
    if (!error.offline) {
      unanswered.set(request, key);
      throw error;
    }
    // The browser had no connection: it never left. Kept, with its key, to be sent once it is back.
    unanswered.delete(request);
    const kept = await keepForLater({ ...write, key, tries }, error);
    return { thought: kept.shown, queued: true };
  }
}

/** The thought as the user last left it on this device, if a write of it waits. */
export function pendingThought(id: number): Thought | undefined {
  let found: Thought | undefined;
  for (const entry of entriesNow()) {
    if (entry.thoughtId === id && entry.kind !== "delete" && entry.shown) found = entry.shown;
  }
  return found;
}
