import { useSyncExternalStore } from "react";

/**
 * One value for the whole tab, outside React's tree, that any component can set and read: the thought just
 * deleted (which 'Desfazer' may put back), the thought whose 'Compartilhar' was pressed. Components reading
 * it re-render when it changes; a server render sees undefined.
 */
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
  return {
    set,
    get: (): T | undefined => value,
    clear: () => set(undefined),
    use: (): T | undefined =>
      useSyncExternalStore(
        subscribe,
        () => value,
        () => undefined,
      ),
  };
}
