import { useSyncExternalStore } from "react";

/**
 * One value for the whole tab, outside React's tree, that any component can set and read: the thought just
 * deleted (which 'Desfazer' may put back), the thought whose 'Compartilhar' was pressed. Components reading
 * it re-render when it changes; a server render sees undefined.
 */
/** Every shared value's clear, for the tests: one test's deletion or share must not reach the next. */
const everyClear = new Set<() => void>();

/** Clears every shared value (the component tests, after each test, share one module registry per worker). */
export function clearSharedValues(): void {
  for (const clear of everyClear) clear();
}

export function sharedValue<T>() {
  let value: T | undefined;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  function set(next: T | undefined) {
    value = next;
    for (const listener of listeners) listener();
  }
  const clear = () => set(undefined);
  everyClear.add(clear);
  return {
    set,
    get: (): T | undefined => value,
    clear,
    use: (): T | undefined =>
      useSyncExternalStore(
        subscribe,
        () => value,
        () => undefined,
      ),
  };
}
