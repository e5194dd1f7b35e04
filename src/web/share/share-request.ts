import { useSyncExternalStore } from "react";
import type { Thought } from "../../domain/contract";

/**
 * The thought whose 'Compartilhar' was pressed, for the share dialog drawn once for the whole app (see
 * ShareHost): cards need no prop threaded through the wall to open it.
 */
let sharing: Thought | undefined;
const listeners = new Set<() => void>();

function publish(next: Thought | undefined) {
  sharing = next;
  for (const listener of listeners) listener();
}

export const openShare = (thought: Thought) => publish(thought);
export const closeShare = () => publish(undefined);

export function useSharedThought(): Thought | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => sharing,
    () => undefined,
  );
}
