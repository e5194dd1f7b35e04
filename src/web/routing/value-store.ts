import { useSyncExternalStore } from "react";

/** One value that components read with `useValue` and that code outside the tree sets. */
export interface ValueStore<T> {
  get(): T | undefined;
  set(next: T | undefined): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
}

export function valueStore<T>(): ValueStore<T> {
  let value: T | undefined;
  const listeners = new Set<() => void>();
  const set = (next: T | undefined) => {
    value = next;
    for (const listener of listeners) listener();
  };
  return {
    get: () => value,
    set,
    clear: () => set(undefined),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The store's value, the component drawn again whenever it changes. A server render, and the hydration that
 * must match it, see undefined.
 */
export function useValue<T>(store: ValueStore<T>): T | undefined {
  return useSyncExternalStore(store.subscribe, store.get, noValue);
}

const noValue = () => undefined;
