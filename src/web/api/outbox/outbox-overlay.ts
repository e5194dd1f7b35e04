import type { Thought } from "../../../domain/contract";
import type { OutboxEntry } from "./outbox-entry";

/** What a card says of its writes that wait: the latest, or the one the user must look at. */
export interface PendingMark {
  state: OutboxEntry["state"];
  kind: OutboxEntry["kind"];
  seq: number | undefined;
  message?: string;
  current?: Thought;
}

/**
 * A write the server has taken (`thought`: its answer; none for a delete), drawn over the lists until they
 * have been read again: without it, a card showed its old text, a deleted one came back unmarked and a
 * created one went away, for the moment between the send and the lists' new answer.
 */
export interface SentWrite {
  key: string;
  kind: OutboxEntry["kind"];
  thoughtId: number;
  thought?: Thought;
  /** A delete's If-Match: the version it deleted. A copy newer than it (restored since) is drawn again. */
  deleted?: number;
}

export interface ListWithOutbox {
  thoughts: Thought[];
  marks: Map<number, PendingMark>;
}

/**
 * The writes sent and not yet read back drawn over a list: a deleted thought left out, a changed one as the
 * server answered it (unless the list's copy is newer: read after it, or changed since on another device),
 * and the thoughts created here on top, on the whole wall only, until the list has them.
 */
function withSent(thoughts: Thought[], sent: readonly SentWrite[], withCreates: boolean): Thought[] {
  if (sent.length === 0) return thoughts;
  // Each deleted thought, with the version it was deleted at.
  const gone = new Map<number, number>();
  for (const write of sent)
    if (write.kind === "delete") gone.set(write.thoughtId, write.deleted ?? Number.POSITIVE_INFINITY);
  const stillGone = (thought: Thought) => thought.versao <= (gone.get(thought.id) ?? 0);
  const answered = new Map<number, Thought>();
  for (const { thought } of sent) if (thought) answered.set(thought.id, thought);
  const drawn = thoughts
    .filter((thought) => !stillGone(thought))
    .map((thought) => {
      const answer = answered.get(thought.id);
      return answer && answer.versao > thought.versao ? answer : thought;
    });
  if (!withCreates) return drawn;
  const ids = new Set(drawn.map((thought) => thought.id));
  // Newest first, each as last answered (created, then edited here before the lists were read again).
  const created = sent
    .flatMap((write) => (write.kind === "create" && write.thought ? [write.thought.id] : []))
    .filter((id) => !ids.has(id) && !gone.has(id))
    .flatMap((id) => answered.get(id) ?? [])
    .reverse();
  return [...created, ...drawn];
}

/**
 * A view's cards with the writes that wait drawn over them: each card as the user left it (its edit, its
 * favourite) and marked; the thoughts created offline first, on the whole wall in its own order only
 * (`withCreates`), where a new thought would appear. Under them, the writes sent and not yet read back
 * (`withSent`).
 */
export function withOutbox(
  listed: Thought[],
  entries: readonly OutboxEntry[],
  withCreates: boolean,
  sent: readonly SentWrite[] = [],
): ListWithOutbox {
  const marks = new Map<number, PendingMark>();
  const thoughts = withSent(listed, sent, withCreates);
  // An entry the server has taken, in the moment before the outbox lets it go, is drawn as sent.
  const taken = new Set(sent.map((write) => write.key));
  const waiting = taken.size === 0 ? entries : entries.filter((entry) => !taken.has(entry.key));
  if (waiting.length === 0) return { thoughts, marks };
  const shown = new Map<number, Thought>();
  const created: Thought[] = [];
  for (const entry of waiting) {
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
