import { useSyncExternalStore } from "react";
import type { Thought } from "../../domain/contract";

/**
 * The thought the user just deleted, which 'Desfazer' can still put back. It outlives the delete dialog
 * (which closes as the wall comes back) and any screen: one per tab, the latest deletion replacing the one
 * before, as a second deletion's status line replaces the first's.
 */
let recent: Thought | undefined;
const listeners = new Set<() => void>();

function publish(next: Thought | undefined) {
  recent = next;
  for (const listener of listeners) listener();
}

export const announceDeletion = (thought: Thought) => publish(thought);
export const forgetDeletion = () => publish(undefined);

export function useRecentDeletion(): Thought | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => recent,
    () => undefined,
  );
}
