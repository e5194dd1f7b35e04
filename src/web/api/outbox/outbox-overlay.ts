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
